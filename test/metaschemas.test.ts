import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject, type LoadedAdapter } from "./support/generated-project.js";
import { compileTexts } from "./support/project.js";

/**
 * Issue 12: a `$ref` to the draft-04, draft-06 or draft-07 meta-schema (as the Swagger 2.0 schema
 * and the suites write them) resolves to the bundled copy, read in its own dialect, never fetched.
 */

const spec = (ref: string, extra = ""): string => `tool: t
version: 1
description: Reads a schema.
input: { type: object }
output:
  type: object
  required: [ok, schema]
  properties:
    ok: { type: boolean }
    schema: { $ref: ${JSON.stringify(ref)} }
agent_view: [ok]
unknown_members: ignore
${extra}`;

describe.each([
  ["draft-04, as Swagger 2.0 writes it", "http://json-schema.org/draft-04/schema#"],
  ["draft-06 over https, without the fragment", "https://json-schema.org/draft-06/schema"],
  ["draft-07", "http://json-schema.org/draft-07/schema#"],
])("a $ref to the %s meta-schema", (_title, ref) => {
  let project: GeneratedProject;
  let adapter: LoadedAdapter;
  beforeAll(async () => {
    project = await generateProject("metaschemas", { "specs/t.yaml": spec(ref) });
    adapter = await project.adapter("t");
  });
  afterAll(() => project.dispose());

  const adapt = (schema: unknown): string => {
    const started = adapter.call({});
    if (!started.ok) throw new Error("call refused");
    return adapter.adapt(JSON.stringify({ ok: true, schema }), started.call).outcome;
  };

  it("compiles without a diagnostic and accepts a valid schema of that draft", () => {
    expect(project.out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(adapt({ type: "object", properties: { a: { type: "string", minLength: 1 } }, required: ["a"] })).toBe("success");
  });

  it("refuses what the meta-schema refuses, at any depth (its own refs are followed)", () => {
    expect(adapt({ type: "nope" })).toBe("failure");
    expect(adapt({ properties: { a: { minLength: -1 } } })).toBe("failure");
    expect(adapt({ required: "a" })).toBe("failure");
  });
});

describe("what stays remote", () => {
  it("a ref into a meta-schema's definitions resolves; other json-schema.org URIs are TG203", async () => {
    const into = await compileTexts({ "specs/t.yaml": spec("http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger") });
    expect(into.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const other = await compileTexts({ "specs/t.yaml": spec("http://json-schema.org/draft-07/hyper-schema#") });
    expect(other.diagnostics.map((d) => d.code)).toEqual(["TG203"]);
  });
});
