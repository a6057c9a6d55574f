import { describe, expect, it } from "vitest";
import { attackStrings, PROBE_LENGTH, runsLinearly } from "./pattern-probe.js";

const SUFFIXES = ["\u0000", " ", "!", "\n"];

describe("attackStrings", () => {
  it("pairs the pattern's literals both ways and ends every unit with each failing suffix", () => {
    const probes = attackStrings("xy", 4);
    expect(probes).toHaveLength(4 * (2 + 10 + 2)); // x, y, the ten samples, xy and yx
    expect(probes.filter((p) => p.startsWith("xyxy"))).toEqual(SUFFIXES.map((s) => `xyxy${s}`));
    expect(probes).toContain("yxyx!");
  });

  it("ignores escapes and property classes as literals, and defaults to PROBE_LENGTH", () => {
    const probes = attackStrings("\\d+\\p{L}z");
    expect(probes).toHaveLength(4 * (1 + 10)); // z and the samples: no pair, no d, L or p
    expect(probes).toContain(`${"z".repeat(PROBE_LENGTH)}\n`);
    expect(probes.some((p) => p.startsWith("dd") || p.startsWith("LL"))).toBe(false);
  });
});

describe("runsLinearly", () => {
  it("is true for a linear pattern", () => {
    expect(runsLinearly("^[a-z0-9]+(-[a-z0-9]+)*$")).toBe(true);
  });

  it("is false for an exponential pattern, whose probes overrun the budget", () => {
    expect(runsLinearly("^(a|a)*$")).toBe(false);
  });
});
