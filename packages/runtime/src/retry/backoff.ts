/** Full-jitter exponential backoff (gRPC A6): retry n waits random(0, min(base·2^(n−1), cap)). */
export const BACKOFF_BASE_MS = 100;
export const BACKOFF_CAP_MS = 5_000;

/** The upper bound of the delay before retry number `retry` (1 = the first retry). */
export function backoffCeilingMs(retry: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));
}

/** `random` is injected so tests need no real time; a draw outside [0, 1) (or NaN) counts as 0. */
export function fullJitterDelayMs(retry: number, random: () => number): number {
  const draw = random();
  const fraction = draw >= 0 && draw < 1 ? draw : 0;
  return Math.floor(fraction * backoffCeilingMs(retry));
}
