import { isForbiddenKey } from "./keys.js";

/** What the walk cannot clear: the text goes to the exact path, which decides and names the problem. */
export const SUSPECT = -1;

const COLON = 0x3a;
const MAX = Number.MAX_SAFE_INTEGER;

// Node 20 has String.prototype.isWellFormed; the ES2023 lib we compile against does not declare it.
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * What a string (name or value) adds to the tally (see fast.ts): `ignored`, nothing, so the walk
 * reads no string; `colonLed`, 1 when it starts with a colon (texts without `\u`); `wellFormed`,
 * nothing, or SUSPECT when it holds a lone surrogate (texts with `\u`, or string inputs with a
 * character above U+00FF, which can hold a raw one).
 */
export type StringShare = "ignored" | "colonLed" | "wellFormed";

export interface Walk {
  readonly maxDepth: number;
  readonly declared: ReadonlySet<string> | undefined;
  readonly strings: StringShare;
}

const shareOf = (text: string, strings: StringShare): number =>
  strings === "colonLed" ? (text.charCodeAt(0) === COLON ? 1 : 0) : (text as WellFormedCheck).isWellFormed() ? 0 : SUSPECT;

/**
 * A value's share: SUSPECT for a number beyond ±(2^53−1) (an unsafe integer token and a non-finite
 * one land there, but so does an accepted token like 1e20, which only the exact scan can tell
 * apart), a string's share when the walk reads strings, else 0. Pushes containers.
 */
function valueShare(value: unknown, strings: StringShare, next: object[]): number {
  if (typeof value === "object") {
    if (value !== null) next.push(value);
    return 0;
  }
  if (typeof value === "number") return value > MAX || value < -MAX ? SUSPECT : 0;
  return typeof value === "string" && strings !== "ignored" ? shareOf(value, strings) : 0;
}

/** One container's members plus its shares, or SUSPECT; for-in, so only while the prototype is clean. */
function nodeTally(node: object, walk: Walk, next: object[]): number {
  let tally = 0;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const share = valueShare(node[i], walk.strings, next);
      if (share === SUSPECT) return SUSPECT;
      tally += share;
    }
    return tally;
  }
  for (const name in node) {
    if (isForbiddenKey(name) && walk.declared?.has(name) !== true) return SUSPECT;
    const share = valueShare((node as Record<string, unknown>)[name], walk.strings, next);
    const nameShare = walk.strings === "ignored" ? 0 : shareOf(name, walk.strings);
    if (share === SUSPECT || nameShare === SUSPECT) return SUSPECT;
    tally += 1 + share + nameShare;
  }
  return tally;
}

/**
 * One walk of a JSON.parse tree, level by level (no recursion, no per-node depth): SUSPECT when it
 * nests deeper than `maxDepth`, holds an undeclared forbidden name or a number beyond the safe
 * range (or, reading strings for lone surrogates, one that holds one); otherwise its members plus
 * its strings' shares, which fast.ts compares with the text's colons after quotes. Valid only while
 * `prototypeIsClean()`.
 */
export function treeTally(root: unknown, walk: Walk): number {
  let level: object[] = [];
  let tally = valueShare(root, walk.strings, level);
  for (let depth = 1; level.length > 0 && tally !== SUSPECT; depth++) {
    if (depth > walk.maxDepth) return SUSPECT;
    const next: object[] = [];
    for (let i = 0; i < level.length && tally !== SUSPECT; i++) {
      const share = nodeTally(level[i]!, walk, next);
      tally = share === SUSPECT ? SUSPECT : tally + share;
    }
    level = next;
  }
  return tally;
}
