import { ownMember } from "../own.js";
import type { Validator } from "../validate/support.js";

// A field name goes back to the agent only when it is a plain name: an unexpected key could be prose.
export const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** At most this many names in `invalid_fields`; a longer list in a received envelope is not one of ours. */
export const MAX_INVALID_FIELDS = 64;

const unescape = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

/**
 * Names (never values) of the top-level input fields a validator rejected. An unknown argument's
 * name is left out: the caller chose it, so it is input like any value and may be a secret.
 */
export function invalidFields(validate: Validator): string[] {
  const names = new Set<string>();
  for (const error of validate.errors ?? []) {
    const top = error.instancePath.split("/")[1];
    // Own members only: an error without params would otherwise read a polluted Object.prototype.params.
    const candidate = top !== undefined ? unescape(top) : ownMember(ownMember(error, "params"), "missingProperty");
    if (typeof candidate === "string" && PLAIN_NAME.test(candidate)) names.add(candidate);
  }
  return [...names].sort();
}
