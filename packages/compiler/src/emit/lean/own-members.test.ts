import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeanUnsupported } from "./context.js";
import { scratchDir } from "../../../../../test/support/project.js";
import { compileGroup, compileLeanGroup, type SuiteGroup, type Validate } from "../../../../../test/support/schema-suite.js";

/**
 * Issue 10 §3 at the validator: a member the object only inherits (from any prototype, here one of
 * the test's own, so nothing global is polluted) is never data. The boolean emitter fails it
 * wherever it is read; Ajv's code (ownProperties) at least never lets it satisfy `required`.
 */
const inheriting = (proto: Record<string, unknown>, own: Record<string, unknown> = {}): unknown => Object.assign(Object.create(proto), own);

const CASES: [string, Record<string, unknown>, unknown][] = [
  ["a required member", { type: "object", required: ["a"], properties: { a: { type: "string" } } }, inheriting({ a: "x" })],
  ["an optional member", { type: "object", properties: { a: { type: "string" } } }, inheriting({ a: "x" })],
  ["an optional member with schema true", { type: "object", properties: { a: true } }, inheriting({ a: "x" })],
  ["the member a dependentRequired needs", { type: "object", dependentRequired: { a: ["b"] } }, inheriting({ b: 1 }, { a: 1 })],
  ["a declared key a closed object's for-in meets", { type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, inheriting({ a: "x" })],
  ["a key a patternProperties for-in meets", { type: "object", patternProperties: { "^x": { type: "string" } } }, inheriting({ xa: "v" })],
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

  it("Ajv's code never lets an inherited member satisfy required", () => {
    expect(ajvRequired(inheriting({ a: "x" }))).toBe(false);
    expect(ajvRequired({ a: "x" })).toBe(true);
  });
});
