import { describe, expect, it } from "vitest";
import { compile } from "../compile.js";

const spec = (output: unknown): string =>
  JSON.stringify({ tool: "t1", version: 1, description: "Reads one thing and changes nothing.", input: { type: "object" }, output, agent_view: ["name"] });

describe("the types emitter's input", () => {
  it("leaves examples out, so an example holding a $ref (AsyncAPI's Reference Object) cannot fail type generation", async () => {
    const output = {
      type: "object",
      properties: { name: { type: "string", maxLength: 20, enum: ["a"] }, ref: { type: "object", properties: { $ref: { type: "string", maxLength: 99 } } } },
      examples: [{ name: "a", ref: { $ref: "#/components/schemas/Pet" } }],
    };
    const out = await compile({ files: new Map([["specs/t1.json", spec(output)]]), specs: ["specs/t1.json"] });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(out.files.find((f) => f.path === "t1/types.ts")?.content).toContain("$ref?: string;");
  });

  it("types a recursive allOf member beside a list of types (the metaschema's shape) without crashing jstt", async () => {
    const defs = { s: { allOf: [{ $ref: "#/$defs/c" }], type: ["object", "boolean"], properties: { e: { type: "integer" } } }, c: { properties: { d: { $ref: "#/$defs/s" } } } };
    const output = { type: "object", properties: { name: { type: "string", maxLength: 20 }, s: { $ref: "#/$defs/s" } }, $defs: defs };
    const out = await compile({ files: new Map([["specs/t1.json", spec(output)]]), specs: ["specs/t1.json"] });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(out.files.find((f) => f.path === "t1/types.ts")?.content).toMatch(/export type S = C &\s*\(\s*\|\s*\{\s*e\?: number;\s*\}\s*\|\s*boolean\s*\);/);
  });

  it("declares a definition that is the empty schema, which jstt would fold with the whole root into nothing (the Swagger 2.0 schema)", async () => {
    const output = { type: "object", properties: { name: { type: "string", maxLength: 20 }, any: { $ref: "#/$defs/anything" } }, $defs: { anything: {} } };
    const out = await compile({ files: new Map([["specs/t1.json", spec(output)]]), specs: ["specs/t1.json"] });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`)).toEqual([]);
    const types = out.files.find((f) => f.path === "t1/types.ts")?.content;
    expect(types).toMatch(/export type Anything = unknown;/);
    expect(types).toMatch(/any\?: Anything;/);
  });
});
