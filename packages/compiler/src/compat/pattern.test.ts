import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { comparePatterns } from "./pattern.js";

describe("comparePatterns", () => {
  it.each([
    ["^[a-z]+$", "^(?:[a-z]+)$"],
    ["^[0-9]{1,}$", "^\\d+$"],
    ["^a{0,1}b{0,}$", "^(?:a?)b*$"],
    ["^(?:(?:ab))$", "^ab$"],
  ])("proves %s and %s the same after trivial rewrites", (before, after) => {
    expect(comparePatterns(before, after)).toBe("same");
  });

  it.each([
    ["^[a-z]+$", "^(?:[a-z]+)$|^x-[0-9]+$"],
    ["^a$|^b$", "^b$|^c$|^a$"],
    ["^\\d+$", "^[0-9]+$|^n/a$"],
  ])("proves %s widened by %s (the old one is an alternative)", (before, after) => {
    expect(comparePatterns(before, after)).toBe("wider");
  });

  it.each([
    ["^[a-z]+$", "^[a-z]{1,8}$"],
    ["^a$|^b$", "^a$"],
    // A group that is quantified, or holds an alternation, keeps its meaning only as a group.
    ["^(?:ab)+$", "^ab+$"],
    ["^(?:a|b)$", "^a|b$"],
    // Inside a class `|` and `(` are literal; an escaped `\\|` is no alternation.
    ["^[a|b]$", "^[a|b|]$"],
    ["^a\\|b$", "^a$"],
    // Backreferences shift with an added alternative: never proved.
    ["^(a)\\1$", "^(a)\\1$|^b$"],
    ["^(?<x>a)\\k<x>$", "^(?<x>a)\\k<x>$|^b$"],
  ])("does not prove %s → %s", (before, after) => {
    expect(comparePatterns(before, after)).toBe("unknown");
  });

  // The proof checked by running the patterns (the `u` flag, as the validators): the new pattern is
  // the old one rewritten (groups, `[0-9]`/`\d`, `{1,}`/`+`) with alternatives perhaps added; it must be
  // proved same or wider, and match every sample the old one matches.
  const atom = fc.constantFrom("a", "b", "\\d", "[0-9]", "[ab]", "x", ".");
  const quant = fc.constantFrom("", "+", "*", "?", "{1,}", "{0,1}", "{2}");
  const piece = fc.tuple(atom, quant, fc.boolean(), fc.boolean()).map(([a, q, wrap, swap]) => {
    const before = a + q;
    const swapped = swap ? (a === "\\d" ? "[0-9]" : a === "[0-9]" ? "\\d" : a) + (q === "+" ? "{1,}" : q === "{1,}" ? "+" : q) : before;
    return { before, after: wrap ? `(?:${swapped})` : swapped };
  });
  const alternative = fc.array(piece, { minLength: 1, maxLength: 4 }).map((ps) => ({ before: `^${ps.map((p) => p.before).join("")}$`, after: `^${ps.map((p) => p.after).join("")}$` }));
  const samples = fc.array(fc.string({ unit: fc.constantFrom("a", "b", "x", "1", "2") }), { maxLength: 30 });

  it("proves every rewritten or extended pattern same or wider, and it matches whatever the old one does", () => {
    fc.assert(
      fc.property(fc.array(alternative, { minLength: 1, maxLength: 3 }), fc.array(fc.constantFrom("^x+$", "^\\d{3}$"), { maxLength: 2 }), samples, (alts, extra, strings) => {
        const before = alts.map((a) => a.before).join("|");
        const after = [...alts.map((a) => a.after), ...extra].join("|");
        const relation = comparePatterns(before, after);
        expect(relation).not.toBe("unknown");
        const [old, now] = [new RegExp(before, "u"), new RegExp(after, "u")];
        for (const s of strings) if (old.test(s)) expect(now.test(s)).toBe(true);
        if (relation === "same") for (const s of strings) expect(now.test(s)).toBe(old.test(s));
      }),
      { numRuns: 300 },
    );
  });
});
