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

const digit = (text: string, i: number): number => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
};

/** Two ASCII digits at `i` as a number, or -1. */
function two(text: string, i: number): number {
  const a = digit(text, i);
  const b = digit(text, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `YYYY-MM-DD` at `i` into `f`; false when malformed or not a calendar date. */
function readDate(text: string, i: number, f: Fields): boolean {
  const hi = two(text, i);
  const lo = two(text, i + 2);
  f.year = hi * 100 + lo;
  f.month = two(text, i + 5);
  f.day = two(text, i + 8);
  if (hi < 0 || lo < 0 || text.charCodeAt(i + 4) !== 0x2d || text.charCodeAt(i + 7) !== 0x2d) return false;
  return f.month >= 1 && f.month <= 12 && f.day >= 1 && f.day <= daysInMonth(f.year, f.month);
}

/** `HH:MM:SS[.frac](Z|±HH:MM)` from `i` to the end of `text` into `f`; false when malformed. */
function readTime(text: string, i: number, f: Fields): boolean {
  f.hour = two(text, i);
  f.minute = two(text, i + 3);
  f.second = two(text, i + 6);
  if (text.charCodeAt(i + 2) !== 0x3a || text.charCodeAt(i + 5) !== 0x3a) return false;
  let k = i + 8;
  f.millis = 0;
  if (text.charCodeAt(k) === 0x2e) {
    const start = ++k;
    for (let scale = 100; digit(text, k) >= 0; k++, scale /= 10) f.millis += digit(text, k) * scale;
    if (k === start) return false;
    f.millis = Math.floor(f.millis);
  }
  const zone = text.charCodeAt(k);
  if (zone === 0x5a || zone === 0x7a) {
    f.offset = 0;
    k++;
  } else if (zone === 0x2b || zone === 0x2d) {
    const oh = two(text, k + 1);
    const om = two(text, k + 4);
    if (oh < 0 || om < 0 || oh > 23 || om > 59 || text.charCodeAt(k + 3) !== 0x3a) return false;
    f.offset = (zone === 0x2b ? 1 : -1) * (oh * 60 + om);
    k += 6;
  } else {
    return false;
  }
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
  const [second, millis] = f.second === 60 ? [59, 999] : [f.second, f.millis];
  if (f.year >= 100) return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, second, millis);
  // Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, second, millis);
  return date.getTime();
}

/** Milliseconds since the epoch, or NaN when `text` is not an RFC 3339 date-time. */
export function parseDateTime(text: string): number {
  return readDateTime(text, scratch) ? utcMillis(scratch) - scratch.offset * 60_000 : Number.NaN;
}

export const isDateTime = (text: string): boolean => readDateTime(text, scratch);

export const isDate = (text: string): boolean => text.length === 10 && readDate(text, 0, scratch);

export const isTime = (text: string): boolean => readTime(text, 0, scratch);
