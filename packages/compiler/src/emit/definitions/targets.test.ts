import { describe, expect, it } from "vitest";
import { ANTHROPIC_STRICT, anthropicTarget } from "./anthropic.js";
import { strictForm } from "./dialect/subset.js";
import { DEFINITION_TARGETS } from "./index.js";
import { GeneratedFile } from "../../codegen/file.js";
import { literal } from "../../codegen/literal.js";
import { mcpAnnotations } from "./mcp.js";
import { emitToolDefinitions, toolSchemas } from "./tool-file.js";
import { compileProbe, INPUT_LINE, probeSpec, summary } from "../../../../../test/support/definitions.js";

/* MCP, Anthropic and Gemini definitions, the name rules of every target, and the literal writer. */

describe("MCP", () => {
  it("derives annotations from the declared retry class and open_world, never from the method", async () => {
    const hints = async (retry: string, upstream = "{ method: GET, path: /x }") =>
      mcpAnnotations((await compileProbe(`${probeSpec("  type: object")}retry: ${retry}\nupstream: ${upstream}\n`)).tool);
    expect(await hints("{ class: safe }", "{ method: POST, path: /search }")).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(await hints("{ class: idempotent }")).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    expect(await hints("{ class: unsafe }", "{ method: POST, path: /jobs, open_world: true }")).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it("warns (TG504) at the spec line of an agent-view keyword that draft-07 reads differently", async () => {
    const output = `  type: object
  required: [pair, step]
  properties:
    pair: { type: array, prefixItems: [{ type: string }, { type: integer }], items: false }
    step:
      allOf:
        - { type: object, properties: { a: { type: string } } }
        - { type: object, properties: { a: { type: string, minLength: 1 } } }`;
    const probe = await compileProbe(probeSpec("  type: object", output, "[pair, step]"));
    const outputLine = INPUT_LINE + 2;
    expect(summary(probe.diagnostics, ["TG504"])).toEqual([
      `TG504 ${outputLine + 3}:26 MCP outputSchema: keyword prefixItems is not read the same way by draft-07 validators`,
      // The allOf object (its members constrain `a` differently) reaches the view as one object closed
      // with additionalProperties, so no unevaluatedProperties is left for draft-07 to misread.
    ]);
  });

  it("writes the agent view as outputSchema with only the $defs it uses", async () => {
    const output = "  type: object\n  required: [id]\n  properties:\n    id: { $ref: '#/$defs/id' }\n    other: { $ref: '#/$defs/other' }\n  $defs:\n    id: { type: string, format: uuid }\n    other: { type: integer }";
    const { tool } = await compileProbe(probeSpec("  type: object", output, "[id]"));
    expect(toolSchemas(tool).output.schema).toStrictEqual({
      type: "object",
      properties: { id: { $ref: "#/$defs/id" } },
      required: ["id"],
      additionalProperties: false,
      $defs: { id: { type: "string", format: "uuid" } },
    });
  });
});

describe("Anthropic strict tool use", () => {
  const anthropic = async (input: string, files: Record<string, string> = {}) => {
    const { tool } = await compileProbe(probeSpec(input), files);
    return anthropicTarget.emit(tool, toolSchemas(tool), new GeneratedFile("probe/definitions.ts", tool.specPath));
  };

  it("is strict with optional properties kept, and bounds it lacks restated in descriptions", async () => {
    const input = "  type: object\n  properties:\n    a: { type: string, format: uri, maxLength: 9 }\n    b: { type: array, minItems: 2, items: { type: integer, minimum: 0 } }";
    const { tool } = await compileProbe(probeSpec(input));
    const out = anthropicTarget.emit(tool, toolSchemas(tool), new GeneratedFile("probe/definitions.ts", tool.specPath));
    expect(out.diagnostics).toEqual([]);
    expect(out.code.toString()).toContain("input_schema: anthropicInputSchema,\n  strict: true");
    expect(strictForm(toolSchemas(tool).input, ANTHROPIC_STRICT).schema).toStrictEqual({
      type: "object",
      properties: {
        a: { type: "string", format: "uri", description: "Constraints: maxLength 9." },
        b: { type: "array", items: { type: "integer", description: "Constraints: minimum 0." }, description: "Constraints: minItems 2." },
      },
      additionalProperties: false,
    });
  });

  it("falls back to strict: false for a recursive definition, at the definition's line", async () => {
    const tree = "$defs:\n  node: { type: object, properties: { next: { $ref: '#/$defs/node' } } }\n";
    const out = await anthropic('  type: object\n  properties:\n    c: { $ref: "./schemas/tree.yaml#/$defs/node" }', { "specs/schemas/tree.yaml": tree });
    expect(out.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      "specs/schemas/tree.yaml:2:3 Anthropic strict mode: definition node is recursive; the tool is emitted with strict: false",
    ]);
    expect(out.code.toString()).toContain("strict: false");
    expect(out.code.toString()).toContain("input_schema: inputSchema");
  });
});

describe("tool names", () => {
  const namedAs = async (name: string) => {
    const { tool } = await compileProbe(probeSpec("  type: object"));
    const { diagnostics } = emitToolDefinitions({ ...tool, tool: name }, DEFINITION_TARGETS);
    return diagnostics.filter((d) => d.code === "TG402").map((d) => d.message);
  };

  it("checks the name against every target's rule (TG402)", async () => {
    expect(await namedAs("probe")).toEqual([]);
    expect(await namedAs("ns.probe")).toEqual(['tool name "ns.probe" is invalid for OpenAI', 'tool name "ns.probe" is invalid for Anthropic']);
    expect(await namedAs("1probe")).toEqual(['tool name "1probe" is invalid for Gemini']);
    const long = "p".repeat(65);
    expect(await namedAs(long)).toEqual(["OpenAI", "Anthropic", "Gemini"].map((t) => `tool name ${JSON.stringify(long)} is invalid for ${t}`));
    expect(await namedAs("p".repeat(129))).toHaveLength(4);
  });
});

describe("literal", () => {
  it("writes JSON data as a JS literal in which a __proto__ key stays an own property", () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "a-b": [1, "\\u2028", null, true], "$ref": "#/$defs/x"}') as unknown;
    const code = literal(value).toString();
    const evaluated = new Function(`return ${code};`)() as Record<string, unknown>;
    expect(Object.getPrototypeOf(evaluated)).toBe(Object.prototype);
    expect(JSON.stringify(evaluated)).toBe(JSON.stringify(value));
  });
});
