import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberCount } from "./members.js";
import { parseStrict } from "./parse.js";
import { scan, type ScanOptions } from "./scan.js";

const OPTIONS: ScanOptions = { maxDepth: 16, lossless: undefined };
const LIMITS = { maxBytes: 1 << 20, maxDepth: 16 };

/** Names that collide once decoded ("a" and its \u escape; "é" in three spellings; "a/b" and "a\/b") and some that do not. */
const NAME = fc.constantFrom('"a"', '"\\u0061"', '"\\u0041"', '"b"', '"é"', '"\\u00e9"', '"\\u00E9"', '"ab"', '"a\\/b"', '"a/b"');

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("1", "-2.5e3", "true", "null", '"x"', '"\\u0061"'),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(NAME, tie("value")), { maxLength: 4 }).map((members) => `{${members.map(([k, v]) => `${k}:${v}`).join(",")}}`),
  ),
}));

describe("the member count proves a text free of duplicate names", () => {
  it("counts each member once, in names with escapes and nested containers alike", () => {
    const text = '{"a":{"\\u0062":[{"c":1},{"c":2}]},"d":[],"e":{}}';
    expect(scan(text, OPTIONS, false)).toEqual({ lossless: [], members: 6 });
    expect(memberCount(JSON.parse(text))).toBe(6);
  });

  it("sees a repeated name as a count mismatch, which the exact scan then locates", () => {
    const text = '{"x":[{"a":1,"\\u0061":2}]}';
    expect(scan(text, OPTIONS, false)).toEqual({ lossless: [], members: 3 });
    expect(memberCount(JSON.parse(text))).toBe(2);
    expect(scan(text, OPTIONS, true)).toMatchObject({ reason: "duplicate_key", offset: 13 });
    expect(parseStrict(text, LIMITS)).toMatchObject({ ok: false, reason: "duplicate_key", offset: 13 });
  });

  it("falls back to the exact scan while Object.prototype is polluted, accepting and refusing alike", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.injected = 1;
    try {
      expect(parseStrict('{"a":{"b":1}}', LIMITS)).toEqual({ ok: true, value: { a: { b: 1 } } });
      expect(parseStrict('{"a":{"b":1,"b":2}}', LIMITS)).toMatchObject({ ok: false, reason: "duplicate_key", offset: 12 });
    } finally {
      delete proto.injected;
    }
  });

  it("refuses forbidden names in the counting pass, however they are spelled", () => {
    for (const name of ['"__proto__"', '"\\u005f_proto__"', '"constructor"', '"prot\\u006ftype"']) {
      expect(scan(`{"a":{${name}:1}}`, OPTIONS, false), name).toMatchObject({ reason: "forbidden_key" });
    }
    expect(scan('{"__proto_x":1,"constructed":2}', OPTIONS, false)).toEqual({ lossless: [], members: 2 });
  });

  it("agrees with the exact scan: equal counts exactly when no object repeats a decoded name", () => {
    fc.assert(
      fc.property(value, (text) => {
        const counted = scan(text, OPTIONS, false);
        const exact = scan(text, OPTIONS, true);
        const unique = memberCount(JSON.parse(text)) === (counted as { members: number }).members;
        expect("members" in counted).toBe(true);
        if (unique) expect(exact).toEqual(counted);
        else expect(exact).toMatchObject({ ok: false, reason: "duplicate_key" });
        expect(parseStrict(text, LIMITS)).toEqual(unique ? { ok: true, value: JSON.parse(text) } : exact);
      }),
      { seed: 20261201, numRuns: 20_000 },
    );
  });
});
