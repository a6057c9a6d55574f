import type { GeneratedFile } from "../codegen/file.js";
import { finalizeFiles, type OutputFile } from "../finalize.js";
import { keyOf, lookup, store, type GenCache } from "./seal.js";

/** A generated file's finalized form depends on its path, header source, layout and text, nothing else. */
const finalizedKey = (cache: GenCache, file: GeneratedFile): string =>
  keyOf(cache, "finalized", file.path, file.source ?? "", file.layout, file.content);

/**
 * `finalizeFiles` with each file's result from the cache when its generated text is unchanged: the
 * project-wide files (index, registry, definition lists, manifest) are regenerated from every tool's
 * IR on each run, but an edit to one spec leaves most of them as they were, and formatting them
 * (Prettier, over every tool) is what costs.
 */
export async function cachedFinalize(files: readonly GeneratedFile[], cache: GenCache | undefined): Promise<OutputFile[]> {
  if (cache === undefined) return finalizeFiles(files);
  const keys = files.map((file) => finalizedKey(cache, file));
  const found = await Promise.all(keys.map((key) => lookup<OutputFile>(cache, key)));
  const missing = files.filter((_, i) => found[i] === undefined);
  const formatted = new Map((await finalizeFiles(missing)).map((f) => [f.path, f]));
  const done = files.map((file, i) => found[i] ?? formatted.get(file.path)!);
  await Promise.all(files.map((file, i) => (found[i] === undefined ? store(cache, keys[i]!, formatted.get(file.path)) : undefined)));
  return done.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
