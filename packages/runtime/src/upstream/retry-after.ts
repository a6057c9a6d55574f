import { parseHttpDate } from "./http-date.js";

/** The largest delay a Retry-After may ask for; larger values are clamped, so an upstream cannot stall a call indefinitely. */
export const RETRY_AFTER_MAX_SECONDS = 300;

const DELTA_SECONDS = /^\d+$/;

/**
 * Retry-After (RFC 9110 §10.2.3) as whole seconds in [0, 300], or undefined when the value is
 * neither delta-seconds nor an HTTP-date. Only this parsed number ever leaves the HTTP layer.
 */
export function parseRetryAfterSeconds(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  if (DELTA_SECONDS.test(value)) return clampSeconds(Number(value));
  const dateMs = parseHttpDate(value, nowMs);
  return dateMs === undefined ? undefined : clampSeconds(Math.ceil((dateMs - nowMs) / 1000));
}

function clampSeconds(seconds: number): number {
  return Math.min(Math.max(seconds, 0), RETRY_AFTER_MAX_SECONDS);
}
