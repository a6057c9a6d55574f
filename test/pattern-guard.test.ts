import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";

/**
 * Issue 12: a pattern that backtracks in polynomial time (unanchored `f.*o`: quadratic) compiles with
 * a length guard derived from its degree (TG270); the generated validator refuses a longer subject
 * without running the regex on it, for `pattern` and for `patternProperties` names alike.
 */
const SPEC = `tool: guarded
version: 1
description: Reads words.
input: { type: object }
output:
  type: object
  required: [word]
  properties:
    word: { type: string, pattern: "f.*o" }
    short: { type: string, maxLength: 20, pattern: "f.*o" }
    tags:
      type: object
      patternProperties:
        "a.*b.*c": { type: integer }
agent_view: [word]
`;

interface Validate {
  (data: unknown): boolean;
  errors?: readonly { keyword: string; instancePath?: string; params?: Record<string, unknown> }[] | null;
}

let project: GeneratedProject;
let validate: Validate;
beforeAll(async () => {
  project = await generateProject("pattern-guard", { "specs/guarded.yaml": SPEC });
  validate = (await project.load<{ validateOutput: Validate }>("guarded/validate.ts")).validateOutput;
});
afterAll(() => project.dispose());

const word = (length: number): string => `f${"x".repeat(length - 2)}o`;

describe("a polynomial pattern's length guard", () => {
  it("is reported once per pattern that needs it (not where maxLength keeps values within it)", () => {
    expect(project.out.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'TG270 9:27 pattern "f.*o" backtracks in polynomial time (degree 2): values longer than 1000 characters are refused',
      'TG270 13:7 pattern "a.*b.*c" backtracks in polynomial time (degree 3): values longer than 100 characters are refused',
    ]);
  });

  it("matches values up to the guard and refuses longer ones under keyword pattern, saying why", () => {
    expect(validate({ word: word(1000) })).toBe(true);
    expect(validate({ word: "xx" })).toBe(false);
    expect(validate({ word: word(1001) })).toBe(false);
    expect(validate.errors?.map((e) => [e.keyword, e.params])).toEqual([["pattern", { limit: 1000, reason: "too long to match the pattern safely" }]]);
  });

  it("counts characters (code points), as maxLength does", () => {
    expect(validate({ word: `f${"😀".repeat(998)}o` })).toBe(true);
  });

  it("refuses a property name longer than the guard under keyword patternProperties", () => {
    expect(validate({ word: "fo", tags: { [`a${"b".repeat(97)}c`]: 1 } })).toBe(true);
    expect(validate({ word: "fo", tags: { [`a${"b".repeat(97)}c`]: "x" } })).toBe(false);
    expect(validate({ word: "fo", tags: { [`a${"b".repeat(99)}c`]: 1 } })).toBe(false);
    // The closed object also refuses the name as undeclared: the guard matched nothing.
    expect(validate.errors?.map((e) => [e.keyword, e.params])).toContainEqual(["patternProperties", { limit: 100, reason: "too long to match the pattern safely" }]);
  });

  it("keeps a hostile 100,000-character subject away from the regex (it would take tens of seconds)", () => {
    const started = process.hrtime.bigint();
    expect(validate({ word: `f${"x".repeat(100_000)}` })).toBe(false);
    // Not a timing assertion on the product: a refusal that ran the regex would not return at all in time.
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(60_000);
  });
});
