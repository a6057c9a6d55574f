/**
 * Token similarity for the tool-selection lint: lower-cased words, stop words dropped, a plural or
 * third-person `s` stripped (`reads` ≈ `read`), compared as sets with Jaccard (|A∩B| / |A∪B|).
 */

const STOP_WORDS = new Set([
  "a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "and", "or", "with", "from", "its", "it", "is", "are", "this", "that", "as", "be",
]);

/** Two tools whose token sets overlap this much look alike to a model choosing between them. */
export const SIMILARITY_THRESHOLD = 0.6;

const stem = (word: string): string => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word);

export function tokens(text: string): Set<string> {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  return new Set(words.filter((w) => w !== "" && !STOP_WORDS.has(w)).map(stem));
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared / (a.size + b.size - shared);
}
