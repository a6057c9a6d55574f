/** I-JSON number policy: no overflow to Infinity, no integer that silently loses precision. */

export const NUMBER_OK = 0;
export const NON_FINITE = 1;
export const UNSAFE_INTEGER = 2;

// Up to 15 digits every integer is exact; without an exponent nothing shorter than 309 digits overflows.
const ALWAYS_SAFE_DIGITS = 15;
const ALWAYS_FINITE_LENGTH = 308;

/** Classifies the number token text[start, end). Only long or exponent tokens cost a conversion. */
export function checkNumber(text: string, start: number, end: number, fraction: boolean, exponent: boolean): number {
  const length = end - start;
  if (exponent || length > ALWAYS_FINITE_LENGTH) {
    if (!Number.isFinite(Number(text.slice(start, end)))) return NON_FINITE;
    if (exponent) return NUMBER_OK;
  }
  if (fraction) return NUMBER_OK;
  const digits = length - (text.charCodeAt(start) === 0x2d ? 1 : 0);
  if (digits <= ALWAYS_SAFE_DIGITS) return NUMBER_OK;
  return Number.isSafeInteger(Number(text.slice(start, end))) ? NUMBER_OK : UNSAFE_INTEGER;
}
