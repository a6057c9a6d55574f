import { parseStrict } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { depthOf, escapedName, serialize } from "./json-text.js";
import { adjacent } from "./numbers.js";

const LIMITS = { maxBytes: 1 << 16, maxDepth: 16 };

describe("serialize", () => {
  it("writes JSON.stringify's text when no member is repeated", () => {
    const value = { a: [1, { "b\"": null }], "\u00e9": "x\ny" };
    expect(serialize(value)).toBe(JSON.stringify(value));
  });

  it("repeats the first member at the path, plainly or escape-spelled, and the strict parser refuses both", () => {
    const value = { list: [{ name: "x", n: 1 }] };
    const plain = serialize(value, { path: ["list", 0], escaped: false });
    const escaped = serialize(value, { path: ["list", 0], escaped: true });
    expect(plain).toBe('{"list":[{"name":"x","name":"x","n":1}]}');
    expect(escaped).toBe('{"list":[{"name":"x","\\u006eame":"x","n":1}]}');
    for (const text of [plain, escaped]) expect(parseStrict(text, LIMITS)).toMatchObject({ ok: false, layer: "syntax", reason: "duplicate_key" });
  });

  it("escape-spells names that start with a quote or an astral character", () => {
    for (const name of ['"q', "😀x", "\\"]) expect(JSON.parse(`{${escapedName(name)}:1}`)).toEqual({ [name]: 1 });
  });
});

describe("depthOf and adjacent", () => {
  it("count nesting as the parser does and step to the neighbouring double", () => {
    expect([depthOf(1), depthOf([]), depthOf({ a: [[]] })]).toEqual([0, 1, 3]);
    expect(adjacent(0.5, false)).toBe(0.49999999999999994);
    expect(adjacent(1, true)).toBe(1 + Number.EPSILON);
    expect(adjacent(-1, true)).toBe(-1 + Number.EPSILON / 2);
    expect(adjacent(0, false)).toBe(-Number.MIN_VALUE);
  });
});
