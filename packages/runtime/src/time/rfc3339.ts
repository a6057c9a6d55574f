/**
 * A strict RFC 3339 date-time parser. `Date.parse` accepts far more (and rolls 2026-02-30 over into
 * March), so freshness checks and the date-time format use this instead. It reads character codes
 * at fixed positions and allocates nothing: every date-time field of every validated result passes
 * through here.
 */

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  /** Minutes east of UTC. */
  offset: number;
}

const scratch: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millis: 0, offset: 0 };

/** Two ASCII digits at `i` as a number, or -1 (also past the end, where charCodeAt is NaN). */
function two(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const lastDay = (year: number, month: number): number => (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month]!);

/** `YYYY-MM-DD` at `i` into `f`; false when malformed or not a calendar date. */
function readDate(text: string, i: number, f: Fields): boolean {
  const hi = two(text, i);
  const lo = two(text, i + 2);
  const month = two(text, i + 5);
  const day = two(text, i + 8);
  if (hi < 0 || lo < 0 || text.charCodeAt(i + 4) !== 0x2d || text.charCodeAt(i + 7) !== 0x2d) return false;
  if (!(month >= 1 && month <= 12)) return false;
  f.year = hi * 100 + lo;
  f.month = month;
  f.day = day;
  return day >= 1 && day <= lastDay(f.year, month);
}

/** `.digits` at `k`: the index after them, or -1 when there is none; milliseconds (truncated) into `f`. */
function readFraction(text: string, k: number, f: Fields): number {
  const start = k;
  let millis = 0;
  for (let d = text.charCodeAt(k) - 48; d >= 0 && d <= 9; d = text.charCodeAt(++k) - 48) {
    if (k < start + 3) millis = millis * 10 + d;
  }
  for (let n = k - start; n < 3; n++) millis *= 10;
  f.millis = millis;
  return k === start ? -1 : k;
}

/** `Z` or `±HH:MM` at `k`: the index after it, or -1; minutes east of UTC into `f`. */
function readOffset(text: string, k: number, f: Fields): number {
  const zone = text.charCodeAt(k);
  f.offset = 0;
  if (zone === 0x5a || zone === 0x7a) return k + 1;
  if (zone !== 0x2b && zone !== 0x2d) return -1;
  const hours = two(text, k + 1);
  const minutes = two(text, k + 4);
  if (hours < 0 || minutes < 0 || hours > 23 || minutes > 59 || text.charCodeAt(k + 3) !== 0x3a) return -1;
  f.offset = zone === 0x2b ? hours * 60 + minutes : -(hours * 60 + minutes);
  return k + 6;
}

/** `HH:MM:SS[.frac](Z|±HH:MM)` from `i` to the end of `text` into `f`; false when malformed. */
function readTime(text: string, i: number, f: Fields): boolean {
  f.hour = two(text, i);
  f.minute = two(text, i + 3);
  f.second = two(text, i + 6);
  if (text.charCodeAt(i + 2) !== 0x3a || text.charCodeAt(i + 5) !== 0x3a) return false;
  f.millis = 0;
  let k = i + 8;
  if (text.charCodeAt(k) === 0x2e) k = readFraction(text, k + 1, f);
  if (k >= 0) k = readOffset(text, k, f);
  return k === text.length && validClock(f);
}

/** Ranges, and second 60 only where the instant is 23:59:60 UTC (a leap second). */
function validClock(f: Fields): boolean {
  if (f.hour < 0 || f.minute < 0 || f.second < 0 || f.hour > 23 || f.minute > 59 || f.second > 60) return false;
  if (f.second < 60) return true;
  const utcMinutes = (((f.hour * 60 + f.minute - f.offset) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

function readDateTime(text: string, f: Fields): boolean {
  const t = text.charCodeAt(10);
  return text.length >= 20 && (t === 0x54 || t === 0x74) && readDate(text, 0, f) && readTime(text, 11, f);
}

function utcMillis(f: Fields): number {
  // A leap second cannot be represented; it counts as the last millisecond of its minute.
  const leap = f.second === 60;
  const second = leap ? 59 : f.second;
  const millis = leap ? 999 : f.millis;
  if (f.year >= 100) return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, second, millis);
  // Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, second, millis);
  return date.getTime();
}

/** Milliseconds since the epoch, or NaN when `text` is not an RFC 3339 date-time (nor a string). */
export function parseDateTime(text: unknown): number {
  return typeof text === "string" && readDateTime(text, scratch) ? utcMillis(scratch) - scratch.offset * 60_000 : Number.NaN;
}

export const isDateTime = (text: string): boolean => readDateTime(text, scratch);

export const isDate = (text: string): boolean => text.length === 10 && readDate(text, 0, scratch);

export const isTime = (text: string): boolean => readTime(text, 0, scratch);
