import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffCeilingMs, fullJitterDelayMs } from "./backoff.js";

describe("full-jitter backoff", () => {
  it("doubles the ceiling from 100 ms and caps it at 5 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffCeilingMs)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000]);
  });

  it("scales the ceiling by the random draw", () => {
    expect(fullJitterDelayMs(3, () => 0.5)).toBe(200);
    expect(fullJitterDelayMs(3, () => 0)).toBe(0);
  });

  it("treats draws outside [0, 1) as 0", () => {
    for (const draw of [1, 7, -0.5, Number.NaN]) expect(fullJitterDelayMs(4, () => draw)).toBe(0);
  });

  it("stays within [0, ceiling] for every retry and draw", () => {
    const draws = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), draws, (retry, draw) => {
        const delay = fullJitterDelayMs(retry, () => draw);
        return Number.isInteger(delay) && delay >= 0 && delay <= backoffCeilingMs(retry);
      }),
      { seed: 1207, numRuns: 2000 },
    );
  });
});
