import { isForbiddenKey } from "./keys.js";

/** What the walk cannot clear: the text goes to the exact path, which decides and names the problem. */
export const SUSPECT = -1;

const COLON = 0x3a;
const MAX = Number.MAX_SAFE_INTEGER;

// Node 20 has String.prototype.isWellFormed; the ES2023 lib we compile against does not declare it.
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * A string's share: without `\u` escapes in the text, 1 when it starts with a colon (see fast.ts);
 * with them, 0, or SUSPECT when it holds a lone surrogate (only an escape can have put one there).
 */
const stringShare = (text: string, escaped: boolean): number =>
  escaped ? ((text as WellFormedCheck).isWellFormed() ? 0 : SUSPECT) : text.charCodeAt(0) === COLON ? 1 : 0;

/**
 * A value's share of the tally: its string share, or SUSPECT for a number beyond ±(2^53−1). An
 * unsafe integer token and a non-finite one (Infinity) land there, but so does an accepted token
 * like 1e20, which only the exact scan can tell apart. Pushes containers.
 */
function valueShare(value: unknown, escaped: boolean, next: object[]): number {
  if (typeof value === "string") return stringShare(value, escaped);
  if (typeof value === "number") return value > MAX || value < -MAX ? SUSPECT : 0;
  if (typeof value === "object" && value !== null) next.push(value);
  return 0;
}

export interface Walk {
  readonly maxDepth: number;
  readonly declared: ReadonlySet<string> | undefined;
  /** Whether the text has a `\u` escape: strings are then checked for lone surrogates instead. */
  readonly escaped: boolean;
}

/** One object's members plus its shares, or SUSPECT; uses for-in, so only while the prototype is clean. */
function objectTally(node: Record<string, unknown>, walk: Walk, next: object[]): number {
  let tally = 0;
  for (const name in node) {
    if (isForbiddenKey(name) && walk.declared?.has(name) !== true) return SUSPECT;
    const share = valueShare(node[name], walk.escaped, next);
    const nameShare = stringShare(name, walk.escaped);
    if (share === SUSPECT || nameShare === SUSPECT) return SUSPECT;
    tally += 1 + share + nameShare;
  }
  return tally;
}

function arrayTally(node: readonly unknown[], escaped: boolean, next: object[]): number {
  let tally = 0;
  for (let i = 0; i < node.length; i++) {
    const share = valueShare(node[i], escaped, next);
    if (share === SUSPECT) return SUSPECT;
    tally += share;
  }
  return tally;
}

/**
 * One walk of a JSON.parse tree, level by level (no recursion, no per-node depth): SUSPECT when it
 * nests deeper than `maxDepth`, holds an undeclared forbidden name or a number beyond the safe
 * range (or, with `\u` escapes, a lone surrogate); otherwise its members plus its strings' shares,
 * which fast.ts compares with the text's colons after quotes. Valid only while `prototypeIsClean()`.
 */
export function treeTally(root: unknown, walk: Walk): number {
  let level: object[] = [];
  let tally = valueShare(root, walk.escaped, level);
  for (let depth = 1; level.length > 0 && tally !== SUSPECT; depth++) {
    if (depth > walk.maxDepth) return SUSPECT;
    const next: object[] = [];
    for (let i = 0; i < level.length && tally !== SUSPECT; i++) {
      const node = level[i]!;
      const share = Array.isArray(node) ? arrayTally(node, walk.escaped, next) : objectTally(node as Record<string, unknown>, walk, next);
      tally = share === SUSPECT ? SUSPECT : tally + share;
    }
    level = next;
  }
  return tally;
}
