import type { Validator } from "@toolgate/runtime";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leanValidatorModule } from "./module.js";
import { scratchDir } from "../../../../../test/support/project.js";

/**
 * What the boolean validators report on failure: every failing check (at most MAX_ERRORS, the rest
 * counted), each with its instance path (through inline nesting, loops, references and recursion,
 * with RFC 6901 escaping), schema path, keyword and schema params, and nothing after a success.
 */

const DOCUMENT = {
  $defs: {
    root: {
      type: "object",
      required: ["list"],
      properties: {
        list: { type: "array", items: { $ref: "#/$defs/entry" } },
        "a/b~c": { type: "integer" },
        choice: { anyOf: [{ type: "string" }, { type: "integer", minimum: 10 }] },
        contact: { type: "object", dependentRequired: { phone: ["name"] } },
        either: { oneOf: [{ required: ["a"] }, { required: ["b"] }] },
        flags: { const: JSON.parse('{"__proto__":{"admin":true}}') },
      },
      additionalProperties: false,
    },
    entry: {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string", pattern: "^x" }, child: { $ref: "#/$defs/entry" } },
    },
  },
};

let validate: Validator;
let scratch: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  scratch = await scratchDir("validator-errors");
  const source = leanValidatorModule(DOCUMENT, { validate: "/$defs/root" });
  if (typeof source !== "string") throw source;
  const path = join(scratch.dir, "validate.ts");
  await writeFile(path, source, "utf8");
  validate = ((await import(path)) as { validate: Validator }).validate;
});

afterAll(() => scratch.dispose());

const firstError = (data: unknown): unknown => (validate(data) ? null : validate.errors);

describe("boolean validator errors", () => {
  it("names the item of a list through a reference", () => {
    expect(firstError({ list: [{ id: "x1" }, { id: "y" }] })).toEqual([
      { instancePath: "/list/1/id", schemaPath: "#/$defs/entry/properties/id/pattern", keyword: "pattern" },
    ]);
  });

  it("follows recursion and keeps the missing property as a param", () => {
    expect(firstError({ list: [{ id: "x", child: { id: "x", child: {} } }] })).toEqual([
      { instancePath: "/list/0/child/child", schemaPath: "#/$defs/entry/required", keyword: "required", params: { missingProperty: "id" } },
    ]);
  });

  it("escapes / and ~ in instance paths", () => {
    expect(firstError({ list: [], "a/b~c": 1.5 })).toEqual([
      { instancePath: "/a~1b~0c", schemaPath: "#/$defs/root/properties/a~1b~0c/type", keyword: "type", params: { type: "integer" } },
    ]);
  });

  it("reports an unknown member at the object, with its name as a param", () => {
    expect(firstError({ list: [], "secret-name": 1 })).toEqual([
      { instancePath: "", schemaPath: "#/$defs/root/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: "secret-name" } },
    ]);
  });

  it("reports anyOf at the value when every branch fails, then why each branch failed", () => {
    expect(firstError({ list: [], choice: 3 })).toEqual([
      { instancePath: "/choice", schemaPath: "#/$defs/root/properties/choice/anyOf", keyword: "anyOf" },
      { instancePath: "/choice", schemaPath: "#/$defs/root/properties/choice/anyOf/0/type", keyword: "type", params: { type: "string" } },
      { instancePath: "/choice", schemaPath: "#/$defs/root/properties/choice/anyOf/1/minimum", keyword: "minimum", params: { limit: 10 } },
    ]);
  });

  it("names the property a dependentRequired misses, as required does", () => {
    expect(firstError({ list: [], contact: { phone: "1" } })).toEqual([
      { instancePath: "/contact", schemaPath: "#/$defs/root/properties/contact/dependentRequired", keyword: "dependentRequired", params: { missingProperty: "name" } },
    ]);
  });

  it("keeps the fields a branch requires when no branch of a oneOf passes", () => {
    expect(firstError({ list: [], either: {} })).toEqual([
      { instancePath: "/either", schemaPath: "#/$defs/root/properties/either/oneOf", keyword: "oneOf" },
      { instancePath: "/either", schemaPath: "#/$defs/root/properties/either/oneOf/0/required", keyword: "required", params: { missingProperty: "a" } },
      { instancePath: "/either", schemaPath: "#/$defs/root/properties/either/oneOf/1/required", keyword: "required", params: { missingProperty: "b" } },
    ]);
    expect(firstError({ list: [], either: { a: 1, b: 2 } })).toEqual([{ instancePath: "/either", schemaPath: "#/$defs/root/properties/either/oneOf", keyword: "oneOf" }]);
  });

  it("compares const objects by own keys, a __proto__ key included", () => {
    expect(validate({ list: [], flags: {} })).toBe(false);
    expect(validate({ list: [], flags: JSON.parse('{"__proto__":{"admin":false}}') })).toBe(false);
    expect(validate({ list: [], flags: JSON.parse('{"__proto__":{"admin":true}}') })).toBe(true);
  });

  it("reports every failure, not only the first: siblings after a failed type, items after a failed item, a missing field", () => {
    const data = { "a/b~c": "x", list: [{ id: 1 }, {}, { id: "y", child: { id: "z" } }], contact: { phone: "1" } };
    expect(firstError(data)).toEqual([
      { instancePath: "/list/0/id", schemaPath: "#/$defs/entry/properties/id/type", keyword: "type", params: { type: "string" } },
      { instancePath: "/list/1", schemaPath: "#/$defs/entry/required", keyword: "required", params: { missingProperty: "id" } },
      { instancePath: "/list/2/id", schemaPath: "#/$defs/entry/properties/id/pattern", keyword: "pattern" },
      { instancePath: "/list/2/child/id", schemaPath: "#/$defs/entry/properties/id/pattern", keyword: "pattern" },
      { instancePath: "/a~1b~0c", schemaPath: "#/$defs/root/properties/a~1b~0c/type", keyword: "type", params: { type: "integer" } },
      { instancePath: "/contact", schemaPath: "#/$defs/root/properties/contact/dependentRequired", keyword: "dependentRequired", params: { missingProperty: "name" } },
    ]);
    expect(validate.truncated).toBe(0);
  });

  it("keeps at most 16 failures and counts the rest", () => {
    const unknown = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`extra${i}`, i]));
    expect(validate({ list: [], ...unknown })).toBe(false);
    expect(validate.errors).toHaveLength(16);
    expect(validate.errors!.map((e) => e.params?.additionalProperty)).toEqual(Array.from({ length: 16 }, (_, i) => `extra${i}`));
    expect(validate.truncated).toBe(4);
  });

  it("clears errors on success, also right after a failure", () => {
    expect(validate({ list: [{ id: "y" }] })).toBe(false);
    expect(validate({ list: [{ id: "x" }], choice: 12 })).toBe(true);
    expect(validate.errors).toBeNull();
  });
});
