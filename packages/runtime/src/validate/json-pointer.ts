/**
 * `json-pointer` (RFC 6901) and `relative-json-pointer` (draft-handrews-relative-json-pointer-01).
 * A reference token is any character but "~" and "/", or an escape `~0`/`~1`: linear to match.
 */

const POINTER = "(?:/(?:[^~/]|~[01])*)*";
const ABSOLUTE = new RegExp(`^${POINTER}$`, "u");
// A non-negative integer without leading zeros, then "#" or a JSON pointer.
const RELATIVE = new RegExp(`^(?:0|[1-9][0-9]*)(?:#|${POINTER})$`, "u");

export const isJsonPointer = (text: string): boolean => ABSOLUTE.test(text);
export const isRelativeJsonPointer = (text: string): boolean => RELATIVE.test(text);
