import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDate, isTime, parseDateTime } from "./rfc3339.js";

describe("parseDateTime (RFC 3339)", () => {
  it.each([
    ["2026-11-29T12:00:00Z", Date.UTC(2026, 10, 29, 12)],
    ["2026-11-29t12:00:00z", Date.UTC(2026, 10, 29, 12)],
    ["2026-11-29T13:30:00+01:30", Date.UTC(2026, 10, 29, 12)],
    ["2026-11-29T07:00:00-05:00", Date.UTC(2026, 10, 29, 12)],
    ["2026-11-29T12:00:00.123456Z", Date.UTC(2026, 10, 29, 12, 0, 0, 123)],
    ["2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29)],
    ["1998-12-31T23:59:60Z", Date.UTC(1998, 11, 31, 23, 59, 59, 999)],
    ["1998-12-31T15:59:60.123-08:00", Date.UTC(1998, 11, 31, 23, 59, 59, 999)],
  ])("accepts %s", (text, expected) => {
    expect(parseDateTime(text)).toBe(expected);
  });

  it.each([
    "2026-02-30T10:00:00Z", // no such day
    "2025-02-29T10:00:00Z", // not a leap year
    "2026-13-01T10:00:00Z",
    "2026-11-29 12:00:00Z", // missing T
    "2026-11-29T12:00:00", // missing offset
    "2026-11-29T12:00:00+24:00", // offset hour out of range
    "2026-11-29T12:00:00+01:60",
    "2026-11-29T12:00:00+0100", // offset without colon
    "2026-11-29T24:00:00Z",
    "2026-11-29T12:60:00Z",
    "1998-12-31T22:59:60Z", // leap second only at 23:59:60 UTC
    "1998-12-31T23:59:61Z",
    "2026-11-29T12:00Z", // seconds are required
    "2026-11-29T12:00:00.Z",
    "+2026-11-29T12:00:00Z",
    "2026-11-29T12:00:00Z ",
    "２０２６-11-29T12:00:00Z", // non-ASCII digits
    "",
  ])("rejects %j", (text) => {
    expect(parseDateTime(text)).toBeNaN();
  });

  it("agrees with Date for every valid UTC instant it formats", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), (d) => {
        expect(parseDateTime(d.toISOString())).toBe(d.getTime());
      }),
      { seed: 20261129, numRuns: 2000 },
    );
  });
});

describe("date and time formats", () => {
  it("validates full-date", () => {
    expect(isDate("2024-02-29")).toBe(true);
    expect(isDate("2023-02-29")).toBe(false);
    expect(isDate("2023-2-01")).toBe(false);
  });

  it("validates full-time with an offset", () => {
    expect(isTime("23:59:60Z")).toBe(true);
    expect(isTime("12:00:00+01:00")).toBe(true);
    expect(isTime("12:00:00")).toBe(false);
    expect(isTime("22:59:60Z")).toBe(false);
  });
});
