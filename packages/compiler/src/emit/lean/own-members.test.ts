import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Validator } from "@toolgate/runtime";
import { LeanUnsupported } from "./context.js";
import { scratchDir } from "../../../../../test/support/project.js";
import { compileGroup, compileLeanGroup, type SuiteGroup, type Validate } from "../../../../../test/support/schema-suite.js";

/**
 * Issue 10 §3 at the validator: a member the object only inherits (from any prototype, here one of
 * the test's own, so nothing global is polluted) is never data. The boolean emitter fails it
 * wherever it is read; Ajv's code (ownProperties) at least never lets it satisfy `required`.
 */
const inheriting = (proto: Record<string, unknown>, own: Record<string, unknown> = {}): unknown => Object.assign(Object.create(proto), own);

/** Each case: its schema, a value that only inherits the member, and the issues the collecting twin reports (keyword, instance path). */
const CASES: [string, Record<string, unknown>, unknown, [string, string][]][] = [
  ["a required member", { type: "object", required: ["a"], properties: { a: { type: "string" } } }, inheriting({ a: "x" }), [["required", ""]]],
  ["an optional member", { type: "object", properties: { a: { type: "string" } } }, inheriting({ a: "x" }), [["properties", "/a"]]],
  ["an optional member with schema true", { type: "object", properties: { a: true } }, inheriting({ a: "x" }), [["properties", "/a"]]],
  ["the member a dependentRequired needs", { type: "object", dependentRequired: { a: ["b"] } }, inheriting({ b: 1 }, { a: 1 }), [["dependentRequired", ""]]],
  ["a declared key a closed object's for-in meets", { type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, inheriting({ a: "x" }), [["additionalProperties", ""], ["properties", "/a"]]],
  ["a key a patternProperties for-in meets", { type: "object", patternProperties: { "^x": { type: "string" } } }, inheriting({ xa: "v" }), [["patternProperties", ""]]],
];

let scratch: Awaited<ReturnType<typeof scratchDir>>;
const lean: Validate[] = [];
let ajvRequired: Validate;
beforeAll(async () => {
  scratch = await scratchDir("own-members");
  for (const [i, [description, schema]] of CASES.entries()) {
    const group: SuiteGroup = { key: description, file: "own", schema, tests: [] };
    const validate = await compileLeanGroup(group, i, scratch.dir);
    if (validate instanceof LeanUnsupported) throw validate;
    lean.push(validate);
  }
  ajvRequired = await compileGroup({ key: "ajv", file: "own", schema: CASES[0]![1], tests: [] }, 0, scratch.dir);
});
afterAll(() => scratch.dispose());

describe("generated validators read only the object's own members", () => {
  it.each(CASES.map((c, i) => [c[0], i] as const))("fail %s that is only inherited", (_description, i) => {
    expect(lean[i]!(CASES[i]![2])).toBe(false);
    // The same value as the object's own passes: only inheritance made it fail.
    const own = CASES[i]![2] as object;
    const flat = { ...Object.getPrototypeOf(own), ...own };
    expect(lean[i]!(flat)).toBe(true);
  });

  // The collecting twins decide ownership by another test than the first run (lean/own.ts): they
  // must still find the failure the first run found, or the operator would get no reason.
  it.each(CASES.map((c, i) => [c[0], i] as const))("say why %s that is only inherited fails", (_description, i) => {
    const validate = lean[i]! as Validator;
    validate(CASES[i]![2]);
    expect(validate.errors?.map((e) => [e.keyword, e.instancePath])).toEqual(CASES[i]![3]);
  });

  it("a collecting twin never takes an inherited member for a present one", async () => {
    const schema = { type: "object", dependentRequired: { a: ["b"] }, properties: { c: { type: "string" } } };
    const validate = (await compileLeanGroup({ key: "present", file: "own", schema, tests: [] }, CASES.length, scratch.dir)) as Validator;
    // Only the own member c fails; the inherited a must not demand b.
    expect(validate(inheriting({ a: 1 }, { c: 5 }))).toBe(false);
    expect(validate.errors?.map((e) => [e.keyword, e.instancePath])).toEqual([["type", "/c"]]);
  });

  it("Ajv's code never lets an inherited member satisfy required", () => {
    expect(ajvRequired(inheriting({ a: "x" }))).toBe(false);
    expect(ajvRequired({ a: "x" })).toBe(true);
  });
});

/**
 * A closed object's first run counts its required names in the for-in instead of testing each
 * (lean/object.ts): present means an own enumerable member whose value is not undefined, and the
 * collecting twin must say which name the count missed.
 */
describe("a closed object's required members, counted in its for-in", () => {
  const schema = { type: "object", required: ["a", "b"], properties: { a: { type: "string" }, b: {}, c: { type: "number" } }, additionalProperties: false };
  const hidden = (target: object, name: string, value: unknown): object => Object.defineProperty(target, name, { value, enumerable: false });
  const VALUES: [string, unknown, [string, string, unknown][] | null][] = [
    ["every required member", { a: "x", b: 1 }, null],
    ["every member", { a: "x", b: 1, c: 2 }, null],
    ["a missing untyped member", { a: "x", c: 2 }, [["required", "", "b"]]],
    ["a missing typed member", { b: 1 }, [["required", "", "a"]]],
    ["an untyped member whose value is undefined", { a: "x", b: undefined }, [["required", "", "b"]]],
    ["a typed member whose value is undefined", { a: undefined, b: 1 }, [["required", "", "a"]]],
    ["an own member the loop does not see", hidden({ a: "x" }, "b", 1), [["required", "", "b"]]],
    ["an inherited member the loop does not see", Object.assign(Object.create(hidden({}, "b", 1)), { a: "x" }), [["required", "", "b"]]],
    ["an inherited member the loop sees", inheriting({ b: 1 }, { a: "x" }), [["required", "", "b"], ["additionalProperties", "", undefined]]],
    ["an undeclared member", { a: "x", b: 1, d: 1 }, [["additionalProperties", "", undefined]]],
  ];
  let validate: Validator;
  beforeAll(async () => {
    validate = (await compileLeanGroup({ key: "counted", file: "own", schema, tests: [] }, CASES.length + 1, scratch.dir)) as Validator;
  });

  it.each(VALUES)("%s", (_description, value, errors) => {
    expect(validate(value)).toBe(errors === null);
    expect(validate.errors?.map((e) => [e.keyword, e.instancePath, e.params?.missingProperty]) ?? null).toEqual(errors);
  });
});
