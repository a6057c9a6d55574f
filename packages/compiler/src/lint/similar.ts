import { jaccard } from "./tokens.js";

/** Another set similar to one, and how similar (Jaccard). */
export interface Similar {
  readonly other: number;
  readonly similarity: number;
}

// Below the exact product: ceil(0.6 * 5) must be 3 even if the float lands a hair above it.
const EPSILON = 1e-9;

/**
 * For each set, every set (itself included) whose Jaccard similarity with it is at least
 * `threshold`, by prefix filtering instead of comparing every pair: with tokens in one global order
 * (rarest first), two sets sharing at least ⌈t·|A|⌉ tokens (which J ≥ t needs) share a token among
 * the first |A| − ⌈t·|A|⌉ + 1 of each. Only pairs that share a prefix token are compared, with the
 * same `jaccard` as a full comparison, so the result is the same. `threshold` must be above 0.
 */
export function similarSets(sets: readonly ReadonlySet<string>[], threshold: number): Similar[][] {
  const rank = tokenRanks(sets);
  const found: Similar[][] = sets.map((set, i) => [{ other: i, similarity: jaccard(set, set) }]);
  const index = new Map<string, number[]>();
  // Two empty sets share no token, yet their Jaccard is 1: they are found through their own list.
  const empty: number[] = [];
  sets.forEach((set, i) => {
    const ordered = [...set].sort((a, b) => rank.get(a)! - rank.get(b)!);
    const prefix = ordered.slice(0, set.size - Math.ceil(threshold * set.size - EPSILON) + 1);
    const candidates = new Set<number>(set.size === 0 ? empty : []);
    if (set.size === 0) empty.push(i);
    for (const token of prefix) for (const j of index.get(token) ?? []) candidates.add(j);
    for (const j of [...candidates].sort((a, b) => a - b)) {
      const similarity = jaccard(sets[j]!, set);
      if (similarity < threshold) continue;
      found[j]!.push({ other: i, similarity });
      found[i]!.push({ other: j, similarity });
    }
    for (const token of prefix) index.get(token)?.push(i) ?? index.set(token, [i]);
  });
  return found.map((list) => list.sort((a, b) => a.other - b.other));
}

/** Each token's place in the global order: fewest sets first (short candidate lists), ties by the token. */
function tokenRanks(sets: readonly ReadonlySet<string>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const set of sets) for (const t of set) counts.set(t, (counts.get(t) ?? 0) + 1);
  const ordered = [...counts.keys()].sort((a, b) => counts.get(a)! - counts.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ordered.map((t, i) => [t, i]));
}
