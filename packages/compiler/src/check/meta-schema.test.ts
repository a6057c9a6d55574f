import { describe, expect, it } from "vitest";
import { atPointer, findings, positions, yamlDocument } from "../../../../test/support/compiler-findings.js";
import { checkMetaSchema } from "./meta-schema.js";

const check = (schema: unknown) => findings((sink) => checkMetaSchema(schema, "/output", atPointer, sink));

describe("checkMetaSchema", () => {
  it("accepts well-formed keyword values, and boolean schemas", () => {
    expect(check({ type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 4 } } })).toEqual([]);
    expect(check(true)).toEqual([]);
  });

  it("TG210 at the keyword value the meta-schema refuses, naming the keyword", () => {
    expect(check({ maxLength: "4" })).toEqual(["TG210 /output/maxLength invalid JSON Schema: maxLength must be integer"]);
    expect(check({ properties: { id: { required: "id" } } })).toEqual(["TG210 /output/properties/id/required invalid JSON Schema: required must be array"]);
  });

  it("reports one finding per place although several meta-schema branches fail there", () => {
    const found = check({ type: "strng" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^TG210 \/output\/type invalid JSON Schema: type /);
  });

  it("leaves unknown keywords to TG218", () => {
    expect(check({ maxLenght: 4 })).toEqual([]);
  });

  it("locates a finding in a loaded spec at the line and column of its keyword", () => {
    const doc = yamlDocument(["tool: t1", "output:", "  type: object", "  properties:", "    n: { type: integer, minimum: low }"]);
    const output = (doc.value as { output: unknown }).output;
    expect(positions((sink) => checkMetaSchema(output, "/output", doc.locate, sink))).toEqual(["TG210 5:25"]);
  });

  it("names the keyword, not the array index, for a bad array item", () => {
    expect(check({ required: [1] })).toEqual(["TG210 /output/required/0 invalid JSON Schema: required/0 must be string"]);
  });
});
