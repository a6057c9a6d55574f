import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawLoneSurrogate } from "./decode.js";
import { parseExact } from "./exact.js";
import { parseFast } from "./fast.js";
import { colonsAfterQuotes, openingRunWithin, UNCOUNTED } from "./hops.js";
import { parseStrict } from "./parse.js";

/**
 * The fast path may only ever accept, and only what the exact path (the scan-based implementation
 * parseStrict had before it) accepts, with the same value; parseStrict must return the exact
 * path's outcome on every text. The texts are built from the pieces the fast path's reasoning
 * rests on: colons in names and values, strings that start with one, whitespace before a colon,
 * escaped quotes and \u escapes, repeated names, forbidden names, numbers on both sides of the safe
 * range, brackets inside strings, nesting around the limit.
 */

const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 10_000);
const SEED = 20261202;
const LIMITS = { maxBytes: 1 << 20, maxDepth: 4 };
const DECLARED = { ...LIMITS, declaredForbiddenKeys: ["__proto__", "constructor"] };

const NAME = fc.constantFrom('"a"', '"b"', '""', '":"', '":a"', '"a:"', '"a:b"', '"a\\"b"', '"\\u0061"', '"a\\/b"', '"a/b"', '"__proto__"', '"constructor"', '"prototype"', '"[{"', '"Ж"', '"\udfff"');
const SCALAR = fc.constantFrom(
  ...["0", "-0", "1.5", "1e20", "-1E21", "9007199254740991", "-9007199254740991", "9007199254740992", "-12345678901234567890", "1e400", "-1e400", "true", "false", "null"],
  ...['"x"', '":"', '"::"', '":x"', '"a:b"', '"12:00:00"', '"]]}"', '"[[{"', '"\\\\"', '"\\""', '"\\":"', '"\\n:"', '"\\u003a"', '"\\ud800"'],
  // Raw characters of a string input: Latin-1, above U+00FF, a pair, lone surrogates in a string and outside one.
  ...['"é"', '"Ж:"', '":Ж"', '"😀"', '"\ud800"', '"a\udc00"', "\udc00"],
  // An escaped half next to a raw one: JSON.parse pairs them, the text holds two lone halves.
  ...['"\\ud83d\udc00"', '"\ud83d\\udc00"'],
);
const WS = fc.constantFrom("", "", "", " ", "\n");

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    SCALAR,
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(NAME, WS, WS, tie("value")), { maxLength: 4 }).map((members) => `{${members.map(([k, a, b, v]) => `${k}${a}:${b}${v}`).join(",")}}`),
  ),
}));

describe("the fast path", () => {
  it("accepts only what the exact path accepts, and parseStrict always returns the exact path's outcome", () => {
    let cleared = 0;
    fc.assert(
      fc.property(value, fc.boolean(), (text, declared) => {
        const limits = declared ? DECLARED : LIMITS;
        // The exact path as parseStrict takes it: a string input's raw lone surrogate first.
        const exact = rawLoneSurrogate(text) ?? parseExact(text, limits);
        const fast = parseFast(text, limits, true);
        if (fast !== undefined) {
          cleared++;
          expect(fast).toEqual(exact);
          expect(exact.ok).toBe(true);
        }
        expect(parseStrict(text, limits)).toEqual(exact);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The property above holds vacuously for a fast path that clears nothing.
    expect(cleared).toBeGreaterThan(RUNS / 10);
  });

  it("leaves every repeated name to the exact path, colons in names and values or not", () => {
    const members = fc.uniqueArray(fc.tuple(NAME, SCALAR), { minLength: 1, maxLength: 5, selector: ([k]) => k });
    fc.assert(
      fc.property(members, fc.nat(), SCALAR, (list, pick, again) => {
        const name = list[pick % list.length]![0];
        const text = `{${[...list, [name, again] as const].map(([k, v]) => `${k}:${v}`).join(",")}}`;
        expect(parseFast(text, DECLARED, true)).toBeUndefined();
        expect(parseStrict(text, DECLARED)).toMatchObject({ ok: false });
      }),
      { seed: SEED, numRuns: Math.max(1_000, RUNS / 10) },
    );
  });

  it("measures depth on the tree, not on the text's opening run", () => {
    // A bracket that closes early (in a string or an empty array) ends the opening run: parsed, then refused.
    for (const [unit, offset] of [['["]",', 20], ["[[],", 13]] as const) {
      const deep = `${unit.repeat(6)}0${"]".repeat(6)}`;
      expect(openingRunWithin(deep, 4), deep).toBe(true);
      expect(parseStrict(deep, LIMITS), deep).toEqual({ ok: false, layer: "transport", reason: "too_deep", offset });
    }
    expect(openingRunWithin(`${"[0,".repeat(6)}0${"]".repeat(6)}`, 4)).toBe(false);
    expect(openingRunWithin("[[[[]]]]", 4)).toBe(true);
    expect(openingRunWithin("[[[[[]]]]]", 4)).toBe(false);
    expect(openingRunWithin(" [{ \"a\": [{", 3)).toBe(false);
  });

  it("counts a member's colon only right after its name's quote", () => {
    expect(colonsAfterQuotes('{"a":":b","c":"12:00"}')).toBe(3);
    expect(colonsAfterQuotes('{"a" :1}')).toBe(UNCOUNTED);
    expect(parseFast('{"a" :1,"a":2}', LIMITS, true)).toBeUndefined();
    expect(parseStrict('{"a" :1,"a":2}', LIMITS)).toMatchObject({ ok: false, reason: "duplicate_key" });
    expect(parseFast('{"a":":b","c":"12:00"}', LIMITS, true)).toEqual({ ok: true, value: { a: ":b", c: "12:00" } });
  });
});
