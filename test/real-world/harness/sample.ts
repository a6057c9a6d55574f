import type { CorpusFile } from "./corpus.js";

/**
 * The fixed sample the test suite runs (the whole corpus takes about 5 minutes on 2 workers):
 * every fifth case of each corpus file, from its first, so every source and draft is in it.
 */
export const EVERY = 5;

export function inSample(file: CorpusFile, id: string): boolean {
  return file.cases.findIndex((c) => c.id === id) % EVERY === 0;
}
