/** setTimeout fires at once for larger values, which would turn a deadline into none. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Rejects limits that would silently disable a guard: a NaN byte cap compares false and never
 * trips, a NaN or oversized timeout never (or instantly) fires.
 */
export function checkLimits(timeoutMs: number, maxBytes: number): void {
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError("timeoutMs must be an integer in [1, 2^31-1]");
  }
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError("maxBytes must be a non-negative integer");
}
