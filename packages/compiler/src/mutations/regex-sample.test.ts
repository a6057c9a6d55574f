import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { patternSamples } from "./regex-sample.js";
import { patternNearMiss } from "./strings.js";

const PATTERNS = [
  "^CR-[0-9]{1,10}$", "^[a-z0-9][a-z0-9-]{2,62}$", "^run_[A-Za-z0-9]{12,48}$", "^/[A-Za-z0-9/_.-]{0,255}$",
  "^(?:ab|cd)+\\d\\p{L}$", "^[^a-z]x?$", "^(?<year>\\d{4})-\\d{2}$", "^\\.\\*\\n?$", "^a|b$", "x*",
];

describe("patternSamples", () => {
  it("gives strings each pattern matches, shortest first", () => {
    for (const pattern of PATTERNS) {
      const samples = patternSamples(pattern);
      expect(samples.length, pattern).toBeGreaterThan(0);
      for (const s of samples) expect(new RegExp(pattern, "u").test(s), `${pattern} ${JSON.stringify(s)}`).toBe(true);
    }
    expect(patternSamples("^CR-[0-9]{1,10}$")[0]).toBe("CR-0");
  });

  it("reads no lookaround, backreference, word boundary or invalid pattern", () => {
    for (const pattern of ["(?=a)a", "(?!b)a", "(a)\\1", "\\bword", "[", "a{2,1}"]) expect(patternSamples(pattern), pattern).toEqual([]);
  });

  it("never throws, and what it gives matches (random patterns)", () => {
    const piece = fc.constantFrom("a", "[a-c]", "[^x]", "\\d", "\\w", "(", ")", "|", "*", "+", "?", "{2}", "{1,3}", "^", "$", ".", "\\", "(?:", "[");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const pattern = pieces.join("");
        const samples = patternSamples(pattern);
        for (const s of samples) expect(new RegExp(pattern, "u").test(s)).toBe(true);
      }),
      { numRuns: 500, seed: 14 },
    );
  });
});

describe("patternNearMiss", () => {
  it("changes one character so that the pattern refuses the text", () => {
    expect(patternNearMiss("run_aaaaaaaaaaaa", "^run_[A-Za-z0-9]{12,48}$")).toBe("Run_aaaaaaaaaaaa");
    expect(patternNearMiss("CR-42", "^CR-[0-9]{1,10}$")).toBe("cR-42");
    expect(patternNearMiss("anything", ".*")).toBeUndefined();
  });
});
