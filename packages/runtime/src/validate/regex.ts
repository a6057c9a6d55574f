/**
 * `regex`: ECMA-262 pattern syntax with the u flag (stricter than the legacy Annex B grammar, so
 * `\a` or a lone `]` is rejected). Constructing a RegExp parses it, which is linear in its length,
 * and never runs it, so no length cap is needed: the cost is of the same order as having parsed the
 * JSON string itself. Too-deep nesting throws like any syntax error and counts as invalid.
 */
export function isRegex(text: string): boolean {
  try {
    new RegExp(text, "u");
    return true;
  } catch {
    return false;
  }
}
