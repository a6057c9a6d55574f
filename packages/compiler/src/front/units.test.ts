import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDuration, parseSize } from "./units.js";

describe("parseSize", () => {
  it("takes bytes as a number or with B, KiB or MiB", () => {
    expect(parseSize(512)).toBe(512);
    expect(parseSize("7B")).toBe(7);
    expect(parseSize("16KiB")).toBe(16 * 1024);
    expect(parseSize("2MiB")).toBe(2 * 1024 * 1024);
  });

  it("is NaN for a unit it does not know (decimal KB, lower case, a space)", () => {
    for (const text of ["16KB", "16kib", "16 KiB", "KiB", "1.5MiB", ""]) expect(parseSize(text), text).toBeNaN();
  });

  it("scales every count by its unit", () => {
    fc.assert(fc.property(fc.nat(1_000_000), (n) => parseSize(`${n}KiB`) === n * parseSize("1KiB") && parseSize(`${n}B`) === n));
  });
});

describe("parseDuration", () => {
  it("takes ms, s, m and h", () => {
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("5s")).toBe(5_000);
    expect(parseDuration("5m")).toBe(300_000);
    expect(parseDuration("2h")).toBe(7_200_000);
  });

  it("is NaN without a unit or with one it does not know", () => {
    for (const text of ["5", "5d", "5 s", "-5s", "s"]) expect(parseDuration(text), text).toBeNaN();
  });
});
