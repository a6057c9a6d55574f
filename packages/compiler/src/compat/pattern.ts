/**
 * What the gate proves about a changed `pattern` (README, "Pattern changes"). Patterns are searched
 * (unanchored) under the `u` flag, as the validators run them. Proved, by rewriting text only:
 * - `same`: equal after trivial rewrites that keep the language: `(?:X)` → `X` where X has no
 *   top-level `|` and no quantifier follows; `[0-9]` → `\d`; `{1,}` → `+`, `{0,}` → `*`, `{0,1}` → `?`.
 * - `wider`: every top-level alternative of the old pattern is (rewritten) one of the new pattern's.
 *   Searching `A|B` finds a match exactly when A or B does, so the new pattern accepts a superset.
 * Anything else, and any pattern with a backreference (`\1`, `\k<name>`: group numbers shift when an
 * alternative is added, and rewrites could join `\1` with a digit) is `unknown`: treated as tightened.
 */
export type PatternRelation = "same" | "wider" | "unknown";

/** The end of the token starting at `i`: an escape, a whole character class, or one character. */
function tokenEnd(p: string, i: number): number {
  if (p[i] === "\\") return i + 2;
  if (p[i] !== "[") return i + 1;
  let j = i + 1;
  while (j < p.length && p[j] !== "]") j += p[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Splits at the `|`s outside groups and classes. */
function alternatives(p: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < p.length; i = tokenEnd(p, i)) {
    if (p[i] === "(") depth++;
    else if (p[i] === ")") depth--;
    else if (p[i] === "|" && depth === 0) {
      out.push(p.slice(start, i));
      start = i + 1;
    }
  }
  return [...out, p.slice(start)];
}

/** The index after the `)` closing the group opened at `open`; -1 when unbalanced. */
function groupEnd(p: string, open: number): number {
  let depth = 0;
  for (let i = open; i < p.length; i = tokenEnd(p, i)) {
    if (p[i] === "(") depth++;
    else if (p[i] === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

const QUANTIFIERS: Record<string, string> = { "{1,}": "+", "{0,}": "*", "{0,1}": "?" };

/** One pass of the rewrites over the tokens; repeated until nothing changes. */
function rewriteOnce(p: string): string {
  let out = "";
  for (let i = 0; i < p.length; ) {
    const end = tokenEnd(p, i);
    const token = p.slice(i, end);
    const quantifier = Object.keys(QUANTIFIERS).find((q) => p.startsWith(q, i));
    if (token === "[0-9]") out += "\\d";
    else if (quantifier !== undefined) {
      out += QUANTIFIERS[quantifier];
      i += quantifier.length;
      continue;
    } else if (p.startsWith("(?:", i)) {
      const close = groupEnd(p, i);
      const inner = close < 0 ? "" : p.slice(i + 3, close - 1);
      if (close > 0 && alternatives(inner).length === 1 && !/^[*+?{]/.test(p.slice(close))) {
        out += inner;
        i = close;
        continue;
      }
      out += token;
    } else out += token;
    i = end;
  }
  return out;
}

function normalized(p: string): string {
  for (let before = p, after = rewriteOnce(p); ; before = after, after = rewriteOnce(after)) if (after === before) return after;
}

const BACKREFERENCE = /\\[1-9]|\\k</;

/** How the new pattern relates to the old one, as far as it is proved (see above). */
export function comparePatterns(before: string, after: string): PatternRelation {
  if (before === after) return "same";
  if (BACKREFERENCE.test(before) || BACKREFERENCE.test(after)) return "unknown";
  const [a, b] = [normalized(before), normalized(after)];
  if (a === b) return "same";
  const wider = new Set(alternatives(b).map(normalized));
  return alternatives(a).map(normalized).every((alt) => wider.has(alt)) ? "wider" : "unknown";
}
