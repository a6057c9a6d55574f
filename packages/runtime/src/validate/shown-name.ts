/**
 * A member name or path segment from upstream data, made safe to show an operator: it is data, so
 * every control character, line or paragraph separator, bidirectional override and lone surrogate
 * is written as `\u{…}` text (a log line cannot be split or reordered by it), and it is cut to
 * 64 code points (the last one `…` when cut).
 */
export const MAX_SHOWN_NAME = 64;

// C0/C1 controls, U+2028/2029, ALM, LRM/RLM, the embedding/override and isolate controls, and (with `u`, a
// pair is one code point) lone surrogates.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;

export function shownName(name: string): string {
  const escaped = name.replace(UNSAFE, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);
  const points = Array.from(escaped);
  return points.length <= MAX_SHOWN_NAME ? escaped : `${points.slice(0, MAX_SHOWN_NAME - 1).join("")}…`;
}

/** An RFC 6901 pointer whose every segment is shown as above (the `~0`/`~1` escapes are kept). */
export const shownPointer = (pointer: string): string => pointer.split("/").map(shownName).join("/");
