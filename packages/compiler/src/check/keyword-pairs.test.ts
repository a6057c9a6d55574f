import { describe, expect, it } from "vitest";
import type { SourceRange } from "../diagnostics/diagnostic.js";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { checkKeywordPairs } from "./keyword-pairs.js";

/** Runs the check at /output; each finding's file is the pointer it was located at. */
function check(node: Record<string, unknown>): string[][] {
  const sink = new DiagnosticCollector();
  checkKeywordPairs(node, "/output", (pointer): SourceRange => ({ file: pointer, line: 1, column: 1 }), sink);
  return sink.diagnostics.map((d) => [d.code, d.file, d.message]);
}

describe("checkKeywordPairs", () => {
  it("passes partnered keywords and consistent bounds", () => {
    expect(check({ if: {}, then: {} })).toEqual([]);
    expect(check({ if: {}, else: {} })).toEqual([]);
    expect(check({ contains: {}, minContains: 1, maxContains: 2 })).toEqual([]);
    expect(check({ minimum: 1, maximum: 1, minLength: 0, maxLength: 3 })).toEqual([]);
  });

  it("TG219 at a keyword whose partner is missing", () => {
    expect(check({ then: {} })).toEqual([["TG219", "/output/then", '"then" has no effect without "if"']]);
    expect(check({ if: {} })).toEqual([["TG219", "/output/if", '"if" has no effect without "then" or "else"']]);
    expect(check({ maxContains: 2 })).toEqual([["TG219", "/output/maxContains", '"maxContains" has no effect without "contains"']]);
  });

  it("TG220 at the lower of crossed bounds, TG221 for an empty enum", () => {
    expect(check({ minItems: 3, maxItems: 2 })).toEqual([["TG220", "/output/minItems", '"minItems" 3 is greater than "maxItems" 2: no value can pass']]);
    expect(check({ enum: [] })).toEqual([["TG221", "/output/enum", "enum lists no values: no value can pass"]]);
    expect(check({ minimum: "3", maximum: 2 })).toEqual([]);
  });

  it("TG222 for minContains 0 without maxContains, not with it", () => {
    expect(check({ contains: {}, minContains: 0 }).map(([code]) => code)).toEqual(["TG222"]);
    expect(check({ contains: {}, minContains: 0, maxContains: 1 })).toEqual([]);
  });
});
