/**
 * Spec text shown in a diagnostic must not steer the reader's terminal, editor or CI log: a newline
 * could forge a `file:line:col: error` line, a bidi override could reorder what is read, and a lone
 * surrogate cannot be encoded. Control, format, line/paragraph separator and surrogate code points
 * become `\uXXXX` escapes; everything else, backslashes included, is kept as written.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const unitEscape = (unit: number): string => `\\u${unit.toString(16).padStart(4, "0")}`;

/** One escape per UTF-16 unit, the way JSON spells a character outside the Basic Multilingual Plane. */
const escapeMatch = (ch: string): string => Array.from({ length: ch.length }, (_, i) => unitEscape(ch.charCodeAt(i))).join("");

export function escapeText(text: string): string {
  return text.replace(UNSAFE, escapeMatch);
}
