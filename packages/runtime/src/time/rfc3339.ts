/**
 * A strict RFC 3339 date-time parser. `Date.parse` accepts far more (and rolls 2026-02-30 over into
 * March), so freshness checks and the date-time format use this instead.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const validDate = (y: number, m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

/** Hour/minute/second and offset ranges; second 60 only where the instant is 23:59:60 UTC. */
function validTime(h: number, min: number, s: number, sign: string | undefined, oh: number, om: number): boolean {
  if (h > 23 || min > 59 || s > 60 || oh > 23 || om > 59) return false;
  if (s < 60) return true;
  const offset = sign === undefined ? 0 : (sign === "+" ? 1 : -1) * (oh * 60 + om);
  const utcMinutes = (((h * 60 + min - offset) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

/** Milliseconds since the epoch, or NaN when `text` is not an RFC 3339 date-time. */
export function parseDateTime(text: string): number {
  const m = DATE_TIME.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  const oh = m[9] === undefined ? 0 : Number(m[9]);
  const om = m[10] === undefined ? 0 : Number(m[10]);
  if (!validDate(y, mo, d) || !validTime(h, mi, s, m[8], oh, om)) return Number.NaN;
  // A leap second cannot be represented; it counts as the last millisecond of its minute.
  const ms = s === 60 ? 999 : m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  const offsetMs = (m[8] === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
  return utcMillis(y, mo, d, h, mi, Math.min(s, 59), ms) - (m[8] === undefined ? 0 : offsetMs);
}

function utcMillis(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  if (y >= 100) return Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

export const isDateTime = (text: string): boolean => !Number.isNaN(parseDateTime(text));

export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isTime(text: string): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const oh = m[6] === undefined ? 0 : Number(m[6]);
  const om = m[7] === undefined ? 0 : Number(m[7]);
  return validTime(Number(m[1]), Number(m[2]), Number(m[3]), m[5], oh, om);
}
