/**
 * HTTP-date (RFC 9110 §5.6.7): IMF-fixdate plus the two obsolete formats recipients must accept.
 * Strict grammars only, never `Date.parse`, whose leniency would turn garbage into a delay.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";

const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ([A-Z][a-z]{2}) (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-([A-Z][a-z]{2})-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ([A-Z][a-z]{2}) ([ \\d]\\d) ${TIME} (\\d{4})$`);

interface DateParts {
  readonly year: number;
  readonly month: string;
  readonly day: string;
  readonly time: readonly string[];
}

/** Milliseconds since the epoch, or undefined if `text` is not an HTTP-date. */
export function parseHttpDate(text: string, nowMs: number): number | undefined {
  const imf = IMF_FIXDATE.exec(text);
  if (imf) return toEpochMs({ day: imf[1]!, month: imf[2]!, year: Number(imf[3]), time: imf.slice(4) });
  const rfc850 = RFC850_DATE.exec(text);
  if (rfc850) {
    const year = rfc850YearNear(Number(rfc850[3]), nowMs);
    return toEpochMs({ day: rfc850[1]!, month: rfc850[2]!, year, time: rfc850.slice(4) });
  }
  const asc = ASCTIME_DATE.exec(text);
  if (asc) return toEpochMs({ month: asc[1]!, day: asc[2]!.trim(), time: asc.slice(3, 6), year: Number(asc[6]) });
  return undefined;
}

/** A two-digit year more than 50 years ahead means the most recent past year with those digits. */
function rfc850YearNear(twoDigits: number, nowMs: number): number {
  const currentYear = new Date(nowMs).getUTCFullYear();
  const candidate = currentYear - (currentYear % 100) + twoDigits;
  return candidate > currentYear + 50 ? candidate - 100 : candidate;
}

function toEpochMs(parts: DateParts): number | undefined {
  const month = MONTHS.indexOf(parts.month);
  const [hour, minute, second] = parts.time.map(Number) as [number, number, number];
  const day = Number(parts.day);
  if (month < 0 || hour > 23 || minute > 59 || second > 60) return undefined;
  const ms = Date.UTC(parts.year, month, day, hour, minute, Math.min(second, 59));
  // Date.UTC rolls 31 Feb over into March; a real calendar day survives the round trip.
  const date = new Date(ms);
  return date.getUTCMonth() === month && date.getUTCDate() === day ? ms : undefined;
}
