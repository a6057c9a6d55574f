import { describe, expect, it } from "vitest";
import { parseStrict } from "./parse.js";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("parseStrict limits", () => {
  it("rejects an over-limit byte array without decoding it", () => {
    // Invalid UTF-8 past the limit: a decoder would report invalid_utf8; the limit must answer first.
    const bytes = new Uint8Array(101).fill(0xff);
    expect(parseStrict(bytes, { maxBytes: 100, maxDepth: 8 })).toMatchObject({ ok: false, layer: "transport", reason: "too_large" });
  });

  it("counts UTF-8 bytes, not UTF-16 units, for strings", () => {
    const text = `"${"é".repeat(40)}"`; // 42 units, 82 bytes
    expect(parseStrict(text, { maxBytes: 82, maxDepth: 8 }).ok).toBe(true);
    expect(parseStrict(text, { maxBytes: 81, maxDepth: 8 })).toMatchObject({ reason: "too_large" });
    expect(parseStrict(encode(text), { maxBytes: 81, maxDepth: 8 })).toMatchObject({ reason: "too_large" });
  });

  it("accepts exactly the limit and rejects one more byte", () => {
    const text = `[${"1,".repeat(48)}10]`; // 100 bytes
    expect(text.length).toBe(100);
    expect(parseStrict(encode(text), { maxBytes: 100, maxDepth: 8 }).ok).toBe(true);
    expect(parseStrict(encode(`${text} `), { maxBytes: 100, maxDepth: 8 })).toMatchObject({ reason: "too_large" });
  });

  it("enforces depth at limit, limit+1, for arrays, objects and both", () => {
    const arrays = (d: number) => "[".repeat(d) + "]".repeat(d);
    const objects = (d: number) => '{"a":'.repeat(d - 1) + "{}" + "}".repeat(d - 1);
    const mixed = (d: number) => '[{"a":'.repeat(d / 2) + "0" + "}]".repeat(d / 2);
    for (const make of [arrays, objects, mixed]) {
      expect(parseStrict(make(8), { maxBytes: 1000, maxDepth: 8 }).ok).toBe(true);
      expect(parseStrict(make(10), { maxBytes: 1000, maxDepth: 8 })).toMatchObject({ layer: "transport", reason: "too_deep" });
    }
  });

  // Its cost (the run is refused before JSON.parse, reading only the opening run) is measured in bench/parse-strict.mjs, not timed here.
  it("rejects 5,000,000 nested arrays at the depth limit without a RangeError", () => {
    const text = Buffer.alloc(5_000_000, "[").toString("latin1"); // a flat string, like a received body
    const result = parseStrict(text, { maxBytes: 16 * 1024 * 1024, maxDepth: 64 });
    expect(result).toEqual({ ok: false, layer: "transport", reason: "too_deep", offset: 64 });
  });
});

describe("parseStrict encoding", () => {
  it("rejects a BOM in bytes and in strings", () => {
    expect(parseStrict(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), { maxBytes: 10, maxDepth: 2 })).toMatchObject({ reason: "bom" });
    expect(parseStrict("\ufeff{}", { maxBytes: 10, maxDepth: 2 })).toMatchObject({ reason: "bom" });
  });

  it("rejects invalid UTF-8 instead of replacing it", () => {
    expect(parseStrict(new Uint8Array([0x22, 0xc3, 0x28, 0x22]), { maxBytes: 10, maxDepth: 2 })).toMatchObject({ reason: "invalid_utf8" });
  });

  it("rejects lone surrogates, raw or escaped, in names and values", () => {
    for (const text of ['"\\ud800"', '"\\udc00"', '"\\ud800\\u0041"', '{"\\udfff":1}', '"\ud800"', '"a\udc00"']) {
      expect(parseStrict(text, { maxBytes: 100, maxDepth: 2 }), text).toMatchObject({ reason: "lone_surrogate" });
    }
    expect(parseStrict('"\\ud83d\\ude00 😀"', { maxBytes: 100, maxDepth: 2 })).toEqual({ ok: true, value: "😀 😀" });
  });
});

describe("parseStrict numbers", () => {
  const limits = { maxBytes: 1000, maxDepth: 4, losslessIntegerKeys: ["id"] };
  it.each([
    ["9007199254740991", { ok: true, value: 9007199254740991 }],
    ["-9007199254740991", { ok: true, value: -9007199254740991 }],
    ["9007199254740992", { ok: false, reason: "unsafe_integer" }],
    ["-12345678901234567890", { ok: false, reason: "unsafe_integer" }],
    ["1e400", { ok: false, reason: "non_finite_number" }],
    ["-1e400", { ok: false, reason: "non_finite_number" }],
    ["1.5e300", { ok: true, value: 1.5e300 }],
    ["1e-400", { ok: true, value: 0 }],
    ["12345678901234567890.5", { ok: true, value: 12345678901234567890.5 }],
    ["1E2", { ok: true, value: 100 }],
  ])("%s", (text, expected) => {
    expect(parseStrict(text, limits)).toMatchObject(expected);
  });

  it("returns lossless integers as decimal strings only under the listed names", () => {
    expect(parseStrict('{"id":12345678901234567890,"n":1}', limits)).toEqual({ ok: true, value: { id: "12345678901234567890", n: 1 } });
    expect(parseStrict('{"other":12345678901234567890}', limits)).toMatchObject({ reason: "unsafe_integer" });
    expect(parseStrict('{"id":[12345678901234567890]}', limits)).toMatchObject({ reason: "unsafe_integer" });
  });

  it("rejects a malformed number under a lossless name instead of quoting it", () => {
    for (const token of ["0123456789012345678", "-0123456789012345678", "1-2-3-4-5-6-7-8-9-0-1", "--12345678901234567890", "12345678901234567890+1"]) {
      expect(parseStrict(`{"id":${token}}`, limits), token).toMatchObject({ ok: false, reason: "syntax" });
    }
  });
});

describe("forbidden names a schema declares", () => {
  const limits = { maxBytes: 1 << 20, maxDepth: 32, declaredForbiddenKeys: ["__proto__"] };

  it("keeps a declared __proto__ as an own data member at any depth, setting no prototype", () => {
    const outcome = parseStrict('{"a":{"__proto__":{"polluted":true}}}', limits);
    expect(outcome.ok).toBe(true);
    const inner = (outcome as { value: { a: object } }).value.a;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(inner, "__proto__")?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("still refuses the forbidden names the schema does not declare", () => {
    expect(parseStrict('{"constructor":{"prototype":{}}}', limits)).toMatchObject({ ok: false, reason: "forbidden_key" });
    expect(parseStrict('{"__proto__":{}}', { maxBytes: 1 << 20, maxDepth: 32 })).toMatchObject({ ok: false, reason: "forbidden_key" });
  });
});
