import type { CatalogCode } from "../errors/catalog.js";

/**
 * The catalog code for a non-2xx status, or undefined for 2xx. Statuses the contract does not
 * name (3xx, other 4xx, other 5xx) are INVALID_RESPONSE: redirects are never followed (a Location
 * can carry a signed URL) and an unexpected status is not something time will fix.
 */
export function codeForHttpStatus(status: number): CatalogCode | undefined {
  if (status >= 200 && status <= 299) return undefined;
  return NAMED_STATUSES.get(status) ?? "INVALID_RESPONSE";
}

const NAMED_STATUSES: ReadonlyMap<number, CatalogCode> = new Map([
  [401, "AUTH_FAILED"],
  [403, "REMOTE_FORBIDDEN"],
  [404, "NOT_FOUND"],
  [429, "RATE_LIMITED"],
  [500, "TEMPORARY_FAILURE"],
  [502, "TEMPORARY_FAILURE"],
  [503, "UPSTREAM_UNAVAILABLE"],
  [504, "TEMPORARY_FAILURE"],
]);

/** Statuses whose Retry-After is a delay worth honouring (RFC 9110 §10.2.3, RFC 6585 §4). */
export function statusCarriesRetryAfter(status: number): boolean {
  return status === 429 || status === 503;
}
