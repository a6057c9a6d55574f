import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDate, isDateTime, isTime, parseDateTime } from "./rfc3339.js";

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

/** RFC 3339 §5.6 read the slow way: one regular expression, then Date for the calendar. */
const GRAMMAR = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function referenceMillis(text: string): number {
  const m = GRAMMAR.exec(text);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offset = m[8] === undefined ? 0 : (m[8] === "+" ? 1 : -1) * (Number(m[9]) * 60 + Number(m[10]));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const calendar = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const clock = hour <= 23 && minute <= 59 && second <= 60 && Number(m[9] ?? 0) <= 23 && Number(m[10] ?? 0) <= 59;
  const utcMinuteOfDay = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
  if (!calendar || !clock || (second === 60 && utcMinuteOfDay !== 1439)) return Number.NaN;
  const millis = second === 60 ? 999 : Number((m[7] ?? "").slice(0, 3).padEnd(3, "0"));
  date.setUTCHours(hour, minute, Math.min(second, 59), millis);
  return date.getTime() - offset * 60_000;
}

const padded = (max: number, width: number): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: fc.integer({ min: 0, max }).map((n) => String(n).padStart(width, "0")), weight: 9 }, { arbitrary: fc.stringMatching(/^[0-9]{0,3}$/), weight: 1 });

/** Date-times near the grammar: fields a little out of range, now and then a wrong width or separator. */
const nearDateTime = fc
  .tuple(
    padded(9999, 4),
    padded(13, 2),
    padded(32, 2),
    fc.constantFrom("T", "t", " "),
    padded(24, 2),
    padded(60, 2),
    padded(61, 2),
    fc.option(fc.stringMatching(/^[0-9]{0,8}$/), { nil: undefined }),
    fc.oneof(fc.constantFrom("Z", "z", "", "+0100"), fc.tuple(fc.constantFrom("+", "-"), padded(24, 2), padded(60, 2)).map(([sign, h, m]) => `${sign}${h}:${m}`)),
  )
  .map(([y, mo, d, t, h, mi, s, frac, zone]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${frac === undefined ? "" : `.${frac}`}${zone}`);

/** Seconds of 60 near midnight UTC under various offsets: a leap second is valid only at 23:59:60 UTC. */
const nearLeapSecond = fc
  .tuple(padded(9999, 4), padded(12, 2), padded(31, 2), fc.constantFrom("23:59", "00:59", "22:59", "23:58", "11:29", "12:30"), fc.constantFrom("Z", "+00:00", "-00:00", "+01:00", "-01:00", "+00:01", "-12:31", "+12:30"))
  .map(([y, mo, d, hm, zone]) => `${y}-${mo}-${d}T${hm}:60${zone}`);

describe("parseDateTime against a slow reference", () => {
  it("agrees on leap seconds under every offset", () => {
    fc.assert(
      fc.property(nearLeapSecond, (text) => {
        expect(parseDateTime(text)).toBe(referenceMillis(text));
      }),
      { seed: 20261129, numRuns: 2_000 },
    );
  });

  it("agrees on every near-miss and valid date-time", () => {
    fc.assert(
      fc.property(nearDateTime, (text) => {
        expect(parseDateTime(text)).toBe(referenceMillis(text));
        expect(isDateTime(text)).toBe(!Number.isNaN(referenceMillis(text)));
      }),
      { seed: 20261129, numRuns: 20_000 },
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
