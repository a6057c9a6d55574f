import { randomFill } from "./random.js";

/**
 * Opaque identifiers: drawn from the CSPRNG only, so an id encodes no host, time or
 * sequence and cannot be correlated with credentials or targets.
 */

/** The id grammar every issued id satisfies (also accepted as an RFC 9457 `instance`). */
export const OPAQUE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.\-]{7,63}$/;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 22 base62 symbols carry ~131 random bits. */
const TOKEN_LENGTH = 22;
/** Largest multiple of 62 below 256: bytes at or above it are discarded so every symbol is equally likely. */
const UNBIASED_BYTE_LIMIT = 248;

function randomBase62(length: number): string {
  let token = "";
  const bytes = new Uint8Array(length + 8);
  while (token.length < length) {
    randomFill(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_BYTE_LIMIT && token.length < length) token += BASE62[byte % 62];
    }
  }
  return token;
}

/** A new request id, `req_` + 22 base62 symbols. */
export function newRequestId(): string {
  return `req_${randomBase62(TOKEN_LENGTH)}`;
}

/** A new idempotency key, `idem_` + 22 base62 symbols; one key serves every attempt of one call. */
export function newIdempotencyKey(): string {
  return `idem_${randomBase62(TOKEN_LENGTH)}`;
}
