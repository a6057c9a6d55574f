/**
 * Checks on the raw text by native hops (indexOf, a regex), for the fast path (fast.ts): each
 * costs one call per occurrence and no JavaScript walk over the characters between.
 */

const QUOTE = 0x22;

const BRACKET = /[[\]{}]/g;

/**
 * Whether the run of brackets opened before the first one closes stays within `maxDepth`: a guard
 * on JSON.parse's cost, not the depth check (that is on the parsed tree, tree.ts). A text like a few
 * MB of `[` goes to the exact scan, which refuses it at the first bracket too many, instead of
 * being parsed first. Any other deep text is parsed, then refused: V8's JSON.parse is iterative,
 * and a deep text costs it about what a flat one of the same size does (bench/README.md). Hops
 * from bracket to bracket with a global regex (`test` allocates nothing), so it reads only the run.
 */
export function openingRunWithin(text: string, maxDepth: number): boolean {
  BRACKET.lastIndex = 0;
  for (let opened = 1; BRACKET.test(text); opened++) {
    const bracket = text.charCodeAt(BRACKET.lastIndex - 1);
    if (bracket === 0x5d || bracket === 0x7d) return true;
    if (opened > maxDepth) return false;
  }
  return true;
}

/** Marks a text where a colon follows whitespace: there a member's colon cannot be told from a string's. */
export const UNCOUNTED = -1;

/**
 * The colons right after a quote, or UNCOUNTED when one follows whitespace: in a
 * text JSON.parse accepts, a member's colon follows its name's closing quote unless whitespace is
 * between, and this refuses to tell that colon from one inside a string.
 */
export function colonsAfterQuotes(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === QUOTE) count++;
    else if (before === 0x20 || before === 0x0a || before === 0x0d || before === 0x09) return UNCOUNTED;
  }
  return count;
}
