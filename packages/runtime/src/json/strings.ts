/** Slow path for strings that contain escapes: finds the closing quote and checks `\u` surrogates. */

export const UNTERMINATED = -1;
export const LONE_SURROGATE = -2;

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const LOWER_U = 0x75;

const HEX4 = /^[0-9A-Fa-f]{4}$/;

/** The code unit of a `\uXXXX` escape's digits at `at`, or -1 when malformed (JSON.parse reports those). */
function hex4(text: string, at: number): number {
  const digits = text.slice(at, at + 4);
  return HEX4.test(digits) ? Number.parseInt(digits, 16) : -1;
}

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Index of the closing quote of the string starting at `start`, or UNTERMINATED / LONE_SURROGATE. */
export function escapedStringEnd(text: string, start: number): number {
  const n = text.length;
  for (let k = start; k < n; ) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) return k;
    if (c !== BACKSLASH) {
      k++;
      continue;
    }
    if (text.charCodeAt(k + 1) !== LOWER_U) {
      k += 2;
      continue;
    }
    const code = hex4(text, k + 2);
    if (isLow(code)) return LONE_SURROGATE;
    if (isHigh(code)) {
      const paired = text.charCodeAt(k + 6) === BACKSLASH && text.charCodeAt(k + 7) === LOWER_U && isLow(hex4(text, k + 8));
      if (!paired) return LONE_SURROGATE;
      k += 12;
      continue;
    }
    k += 6;
  }
  return UNTERMINATED;
}
