import { describe, expect, it } from "vitest";
import { countableDepth } from "./countable.js";

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "object",
  properties,
  additionalProperties: false,
  ...extra,
});
const depthOf = (root: unknown, defs: Record<string, unknown> = {}): number | undefined => countableDepth({ $defs: { root, ...defs } }, "/$defs/root");

describe("countableDepth", () => {
  it("bounds the nesting of closed objects, typed arrays and scalars", () => {
    expect(depthOf({ type: "string" })).toBe(0);
    expect(depthOf(closed({}))).toBe(1);
    expect(depthOf(closed({ a: { type: "integer" }, b: { type: "array", items: closed({ c: { type: ["string", "null"] } }) } }))).toBe(3);
    expect(depthOf({ enum: ["a", 1, null] })).toBe(0);
    expect(depthOf(closed({ never: false }))).toBe(1);
  });

  it("follows references without siblings, and refuses recursion", () => {
    expect(depthOf(closed({ a: { $ref: "#/$defs/leaf", description: "annotations are fine" } }), { leaf: closed({}) })).toBe(2);
    expect(depthOf(closed({ self: { $ref: "#/$defs/root" } }))).toBeUndefined();
    expect(depthOf(closed({ a: { $ref: "#/$defs/missing" } }))).toBeUndefined();
    expect(depthOf(closed({ a: { $ref: "other.json#/x" } }))).toBeUndefined();
  });

  it("refuses a value that could pass unvisited or be checked twice", () => {
    const refused: Record<string, unknown> = {
      "an open object": { type: "object", properties: {} },
      "additionalProperties as a schema": { type: "object", additionalProperties: { type: "string" } },
      "a free member": closed({ a: true }),
      "an untyped member": closed({ a: { maxLength: 3 } }),
      "an array without items": { type: "array" },
      "free items": { type: "array", items: true },
      "tuple items": { type: "array", prefixItems: [{ type: "string" }], items: false },
      allOf: closed({}, { allOf: [closed({})] }),
      anyOf: { anyOf: [closed({}), { type: "string" }] },
      "oneOf without a discriminator": { type: "object", oneOf: [closed({}), closed({})] },
      "if/then": closed({}, { if: closed({}), then: closed({}) }),
      not: { type: "string", not: { const: "x" } },
      "a $ref with siblings": { $ref: "#/$defs/leaf", type: "object", properties: {}, additionalProperties: false },
      "patternProperties": closed({}, { patternProperties: { "^x": { type: "string" } } }),
      "an object enum": { enum: [{ a: 1 }] },
      "an unsafe numeric const": { const: 2 ** 60 },
      "a forbidden member name": closed({ constructor: { type: "string" } }),
    };
    for (const [what, schema] of Object.entries(refused)) expect(depthOf(schema, { leaf: closed({}) }), what).toBeUndefined();
  });

  it("counts a discriminated oneOf by the branch its tag names, which closes the object", () => {
    const branch = (tag: string): Record<string, unknown> => closed({ kind: { const: tag }, data: closed({ x: { type: "number" } }) }, { required: ["kind"] });
    const tagged = { type: "object", required: ["kind"], discriminator: { propertyName: "kind" }, oneOf: [branch("a"), { $ref: "#/$defs/b" }] };
    expect(depthOf(tagged, { b: branch("b") })).toBe(2);
    // The switch runs a branch only on an object, so a branch without `type` is an object schema.
    const { type: _type, ...untyped } = branch("a");
    expect(depthOf({ ...tagged, oneOf: [untyped, { $ref: "#/$defs/b" }] }, { b: branch("b") })).toBe(2);
    // Object keywords beside the oneOf would run on the same object as the branch.
    expect(depthOf({ ...tagged, properties: {}, additionalProperties: false }, { b: branch("b") })).toBeUndefined();
    expect(depthOf({ ...tagged, required: [] }, { b: branch("b") })).toBeUndefined();
  });
});
