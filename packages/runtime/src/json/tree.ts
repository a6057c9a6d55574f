import { isForbiddenKey } from "./keys.js";

/** What the walk cannot clear: the text goes to the exact path, which decides and names the problem. */
export const SUSPECT = -1;

const COLON = 0x3a;
const MAX = Number.MAX_SAFE_INTEGER;

/**
 * A value's share of the tally: 1 for a string that starts with a colon, else 0, or SUSPECT for a
 * number beyond ±(2^53−1). An unsafe integer token and a non-finite one (Infinity) land there, but
 * so does an accepted token like 1e20, which only the exact scan can tell apart. Pushes containers.
 */
function valueShare(value: unknown, next: object[]): number {
  if (typeof value === "string") return value.charCodeAt(0) === COLON ? 1 : 0;
  if (typeof value === "number") return value > MAX || value < -MAX ? SUSPECT : 0;
  if (typeof value === "object" && value !== null) next.push(value);
  return 0;
}

/** One object's members plus its shares, or SUSPECT; uses for-in, so only while the prototype is clean. */
function objectTally(node: Record<string, unknown>, declared: ReadonlySet<string> | undefined, next: object[]): number {
  let tally = 0;
  for (const name in node) {
    if (isForbiddenKey(name) && declared?.has(name) !== true) return SUSPECT;
    const share = valueShare(node[name], next);
    if (share === SUSPECT) return SUSPECT;
    tally += 1 + share + (name.charCodeAt(0) === COLON ? 1 : 0);
  }
  return tally;
}

function arrayTally(node: readonly unknown[], next: object[]): number {
  let tally = 0;
  for (let i = 0; i < node.length; i++) {
    const share = valueShare(node[i], next);
    if (share === SUSPECT) return SUSPECT;
    tally += share;
  }
  return tally;
}

/**
 * One walk of a JSON.parse tree, level by level (no recursion, no per-node depth): SUSPECT when it
 * nests deeper than `maxDepth`, holds an undeclared forbidden name or a number beyond the safe
 * range; otherwise its members plus its strings (names and values) that start with a colon, which
 * fast.ts compares with the text's colons after quotes. Valid only while `prototypeIsClean()`.
 */
export function treeTally(root: unknown, maxDepth: number, declared: ReadonlySet<string> | undefined): number {
  let level: object[] = [];
  let tally = valueShare(root, level);
  for (let depth = 1; level.length > 0 && tally !== SUSPECT; depth++) {
    if (depth > maxDepth) return SUSPECT;
    const next: object[] = [];
    for (let i = 0; i < level.length && tally !== SUSPECT; i++) {
      const node = level[i]!;
      const share = Array.isArray(node) ? arrayTally(node, next) : objectTally(node as Record<string, unknown>, declared, next);
      tally = share === SUSPECT ? SUSPECT : tally + share;
    }
    level = next;
  }
  return tally;
}
