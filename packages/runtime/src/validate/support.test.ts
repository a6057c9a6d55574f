import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMultipleOf } from "./support.js";

describe("isMultipleOf", () => {
  it.each([
    [1.13, 0.01, true],
    [19.99, 0.01, true],
    [0.3, 0.1, true],
    [-0.6, 0.2, true],
    [4.35, 0.05, true],
    [0.0075, 0.0001, true],
    [12391239123, 1e-8, true],
    [1e21, 1, true],
    [35, 1.5, false],
    [7, 2, false],
    [1e300, 0.3, false],
    [1e308, 0.123456789, false],
    [0.30000000000000004, 0.1, false],
  ])("%d is a multiple of %d: %s", (value, divisor, expected) => {
    expect(isMultipleOf(value, divisor)).toBe(expected);
  });

  it("decides by the decimal digits: a multiple of 0.01 has nothing after the second decimal", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), digits, (whole, fraction) => {
        // At most 12 significant digits, so the double spells back exactly as written.
        const value = Number(`${whole}.${fraction}`);
        expect(isMultipleOf(value, 0.01)).toBe(/^\d{0,2}$/.test(fraction.replace(/0+$/, "")));
      }),
      { numRuns: 5000, seed: 20261129 },
    );
  });
});
