/** I-JSON number policy: no overflow to Infinity, no integer that silently loses precision. */

export const NUMBER_OK = 0;
export const NON_FINITE = 1;
export const UNSAFE_INTEGER = 2;
/** Not an RFC 8259 number; only reported where it matters (see checkNumber). */
export const MALFORMED = 3;

const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

// Up to 15 digits every integer is exact; without an exponent nothing shorter than 309 digits overflows.
const ALWAYS_SAFE_DIGITS = 15;
const ALWAYS_FINITE_LENGTH = 308;

/**
 * Classifies the number token text[start, end). Only long or exponent tokens cost a conversion.
 * JSON.parse rejects any other malformed token later, but an unsafe integer may be quoted for the
 * lossless path, after which JSON.parse would accept any text; so that verdict needs the grammar.
 */
export function checkNumber(text: string, start: number, end: number, fraction: boolean, exponent: boolean): number {
  const length = end - start;
  if (exponent || length > ALWAYS_FINITE_LENGTH) {
    if (!Number.isFinite(Number(text.slice(start, end)))) return NON_FINITE;
    if (exponent) return NUMBER_OK;
  }
  if (fraction) return NUMBER_OK;
  const digits = length - (text.charCodeAt(start) === MINUS ? 1 : 0);
  if (digits <= ALWAYS_SAFE_DIGITS) return NUMBER_OK;
  if (Number.isSafeInteger(Number(text.slice(start, end)))) return NUMBER_OK;
  return isIntegerToken(text, start, end) ? UNSAFE_INTEGER : MALFORMED;
}

/** RFC 8259 `[ minus ] int` with int = zero / digit1-9 *DIGIT: no leading zero, no sign after the first character. */
function isIntegerToken(text: string, start: number, end: number): boolean {
  let i = text.charCodeAt(start) === MINUS ? start + 1 : start;
  const first = text.charCodeAt(i);
  if (first === ZERO) return i + 1 === end;
  if (first < ZERO || first > NINE) return false;
  for (i++; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}
