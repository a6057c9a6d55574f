import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importMcp, type McpImportInput } from "./index.js";

const base: Omit<McpImportInput, "tools"> = { server: { name: "s", version: "1" }, existing: new Set(), out: "specs", force: false, specsDir: "specs" };

const object = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };

describe("importMcp", () => {
  it("maps annotations to effects and open_world, and suggests required scalar fields as the view", () => {
    const result = importMcp({ ...base, tools: [{ name: "get_a", description: "Reads a. Changes nothing.", inputSchema: object, outputSchema: object, annotations: { destructiveHint: false, openWorldHint: true } }] });
    expect(result.diagnostics).toEqual([]);
    const text = result.files[0]!.content;
    expect(parse(text)).toMatchObject({ tool: "get_a", effects: "additive", upstream: { kind: "other", operation: "get_a", open_world: true }, input: object, output: object });
    expect(text).toContain("# Suggested: [id]");
  });

  it("drafts a tool without outputSchema with a permissive placeholder and TG821", () => {
    const result = importMcp({ ...base, tools: [{ name: "get_b", inputSchema: { type: "object" } }] });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TG821"]);
    expect(parse(result.files[0]!.content)).toMatchObject({ output: { type: "object", additionalProperties: true }, description: "TODO: say what the tool does and what it starts or changes (the server gives no description)" });
    expect(result.report).toEqual(["get_b.yaml: new; decide the TODOs: output, agent_view, checks, retry, description"]);
  });

  // Any JSON a server could list: nothing throws, every draft parses back with the tool's own name and description.
  it("never throws on arbitrary tool lists; each draft is YAML whose data is the tool's", () => {
    const name = fc.oneof(fc.string(), fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/));
    const tool = fc.record({ name, description: fc.option(fc.string(), { nil: undefined }), inputSchema: fc.oneof(fc.jsonValue(), fc.constant(object)), annotations: fc.jsonValue() }, { requiredKeys: ["name"] });
    fc.assert(
      fc.property(fc.array(fc.oneof(tool, fc.jsonValue()), { maxLength: 6 }), (tools) => {
        const result = importMcp({ ...base, tools });
        for (const [i, index] of result.imported.entries()) {
          const listed = tools[index] as { name: string; description?: string };
          const spec = parse(result.files[i]!.content) as { tool: string; description: string };
          expect(spec.tool).toBe(listed.name);
          expect(result.files[i]!.path).toBe(`${listed.name}.yaml`);
          if (!spec.description.startsWith("TODO:")) expect(spec.description).toBe(listed.description?.trim());
        }
      }),
      { numRuns: 300 },
    );
  });
});
