import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHttpDate } from "./http-date.js";
import { parseRetryAfterSeconds } from "./retry-after.js";

const NOW = Date.UTC(2026, 2, 14, 12, 0, 0); // Sat, 14 Mar 2026 12:00:00 GMT

describe("parseRetryAfterSeconds", () => {
  it.each([
    ["0", 0],
    ["7", 7],
    ["300", 300],
    ["301", 300],
    ["99999999999999999999999999", 300],
    ["Sat, 14 Mar 2026 12:02:00 GMT", 120],
    ["Sat, 14 Mar 2026 12:00:00 GMT", 0],
    ["Fri, 13 Mar 2026 12:00:00 GMT", 0],
    ["Saturday, 14-Mar-26 12:00:30 GMT", 30],
    ["Sat Mar 14 12:00:45 2026", 45],
    ["Sat Mar  7 12:00:00 2026", 0],
  ])("parses %j as %d seconds", (value, seconds) => {
    expect(parseRetryAfterSeconds(value, NOW)).toBe(seconds);
  });

  it.each([
    "",
    " 7",
    "7 ",
    "-5",
    "1.5",
    "+3",
    "soon",
    "7, 8",
    "Sat, 31 Feb 2026 12:00:00 GMT",
    "Sat, 14 Mar 2026 24:00:00 GMT",
    "Sat, 14 Foo 2026 12:00:00 GMT",
    "Sat, 14 Mar 2026 12:00:00 UTC",
    "2026-03-14T12:02:00Z",
    "Sat, 14 Mar 2026 12:02:00 GMT; token=secret",
  ])("rejects %j", (value) => {
    expect(parseRetryAfterSeconds(value, NOW)).toBeUndefined();
  });

  it("returns undefined when the header is absent", () => {
    expect(parseRetryAfterSeconds(undefined, NOW)).toBeUndefined();
  });

  it("never returns anything but an integer in [0, 300] for arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (value) => {
        const seconds = parseRetryAfterSeconds(value, NOW);
        return seconds === undefined || (Number.isInteger(seconds) && seconds >= 0 && seconds <= 300);
      }),
      { seed: 9110, numRuns: 5000 },
    );
  });
});

describe("parseHttpDate", () => {
  it("reads a two-digit RFC 850 year more than 50 years ahead as the past century", () => {
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT", NOW)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate("Sunday, 06-Nov-44 08:49:37 GMT", NOW)).toBe(Date.UTC(2044, 10, 6, 8, 49, 37));
  });

  it("agrees with Date's own IMF-fixdate rendering for any instant", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_799 }), (seconds) => {
        return parseHttpDate(new Date(seconds * 1000).toUTCString(), NOW) === seconds * 1000;
      }),
      { seed: 7231, numRuns: 2000 },
    );
  });
});
