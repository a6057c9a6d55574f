import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathSegment } from "./path-segment.js";

describe("pathSegment", () => {
  it.each([
    ["CR-42", "CR-42"],
    ["a/b", "a%2Fb"],
    ["...", "..."],
    ["?x=1#y", "%3Fx%3D1%23y"],
    ["Zoë", "Zo%C3%AB"],
    [42, "42"],
  ])("%j → %s", (value, expected) => {
    expect(pathSegment(value)).toBe(expected);
  });

  it("refuses the dot segments, which a URL parser would resolve even when encoded, the empty segment and lone surrogates", () => {
    for (const value of [".", "..", ""]) expect(() => pathSegment(value)).toThrow(RangeError);
    expect(() => pathSegment("a\ud800")).toThrow(URIError);
    // Why: WHATWG URL treats %2E like a dot.
    expect(new URL("/base/%2E%2E/tail", "http://127.0.0.1").pathname).toBe("/tail");
  });

  it("keeps any other value inside its one segment under the base path, and decodes back to it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1 }).filter((s) => s !== "." && s !== ".."), (value) => {
        const url = new URL(`/base/${pathSegment(value)}/tail`, "http://127.0.0.1");
        const [, base, segment, tail, ...rest] = url.pathname.split("/");
        expect([base, tail, rest]).toEqual(["base", "tail", []]);
        expect(decodeURIComponent(segment!)).toBe(value);
        expect(url.search + url.hash).toBe("");
      }),
      { seed: 20261129, numRuns: 5_000 },
    );
  });
});
