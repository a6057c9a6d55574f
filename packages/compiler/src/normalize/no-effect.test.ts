import { describe, expect, it } from "vitest";
import { exactForm } from "./no-effect.js";

/** Each no-effect or unsatisfiable keyword (TG219–TG222) in the form that means the same to every emitter. */
describe("exactForm", () => {
  it.each([
    ["then and else without if are dropped", { type: "string", then: { minLength: 1 }, else: false }, { type: "string" }],
    ["minContains and maxContains without contains are dropped", { minContains: 2, maxContains: 3 }, {}],
    ["if alone keeps its annotations as a branch that cannot fail", { if: { properties: { a: true } } }, { allOf: [{ anyOf: [{ properties: { a: true } }, true] }] }],
    ["minContains 0 without maxContains bounds nothing", { contains: { type: "string" }, minContains: 0 }, { contains: { type: "string" }, minContains: 0, maxContains: Number.MAX_SAFE_INTEGER }],
    ["crossed contains bounds refuse every array", { contains: {}, minContains: 3, maxContains: 1 }, { allOf: [{ not: { type: "array" } }] }],
    ["an empty enum refuses everything", { enum: [], allOf: [{ type: "string" }] }, { allOf: [{ type: "string" }, false] }],
  ])("%s", (_title, schema, expected) => {
    expect(exactForm(schema, "/output")).toEqual(expected);
  });

  it("rewrites nested schemas and leaves well-formed ones as they are", () => {
    const sound = { type: "object", properties: { a: { if: { type: "string" }, then: { minLength: 1 } } } };
    expect(exactForm(sound, "/output")).toEqual(sound);
    expect(exactForm({ properties: { a: { then: {} } } }, "/output")).toEqual({ properties: { a: {} } });
  });
});
