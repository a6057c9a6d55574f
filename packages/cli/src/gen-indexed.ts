import { cachedProjectAt, outputHash, type CachedProject, type GenCache } from "@toolgate/compiler/fast";
import { readFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { listFiles, readIfExists, roleInSpecs } from "./files.js";
import { currentStat, hooksFile, indexFile, readIndex, verify, writeIndex, type Hasher, type IndexedPaths } from "./gen-index-file.js";
import { inputHash, sameList, trusted, type Stamp, type StatIndex } from "./gen-index.js";
import type { Inputs } from "./inputs.js";

/** The tree keys of the specs directory's own files (what readSpecTree reads), sorted. */
async function listed(specs: string): Promise<string[]> {
  const label = basename(resolve(specs));
  return (await listFiles(specs)).filter((path) => roleInSpecs(path) !== undefined).map((path) => `${label}/${path}`);
}

const hashText: Hasher = async (path) => {
  const text = await readFile(path, "utf8").catch(() => undefined);
  return text === undefined ? undefined : inputHash(text);
};

const hashOutput: Hasher = async (path) => {
  const text = await readIfExists(path).catch(() => undefined);
  return text === undefined ? undefined : outputHash(text);
};

/** What the index said: the project unchanged (from its entry), or why not. */
export type IndexAnswer = { readonly hit: CachedProject; readonly hashed: number; readonly files: number } | { readonly miss: "no index" | "changed" };

/**
 * The project's entry when the index vouches for every input and output file (reading only those
 * whose stat changed or is racy); the index is rewritten when any was read, so the next run trusts them.
 */
export async function indexedProject(paths: IndexedPaths, cache: GenCache): Promise<IndexAnswer> {
  const path = indexFile(paths, cache.salt);
  const found = await readIndex(path);
  if (found === undefined) return { miss: "no index" };
  const { index, mtimeNs } = found;
  if (!sameList(await listed(paths.specs), index.listed)) return { miss: "changed" };
  const inputs = await verify(index.inputs, mtimeNs, (p) => p, hashText);
  const hit = inputs && (await cachedProjectAt(cache, index.projectKey));
  if (inputs === undefined || hit === undefined) return { miss: "changed" };
  const onDisk = await listFiles(paths.out);
  if (!sameList(onDisk, index.outputs.map(([p]) => p))) return { miss: "changed" };
  const outputs = await verify(index.outputs, mtimeNs, (p) => join(paths.out, p), hashOutput);
  if (outputs === undefined) return { miss: "changed" };
  const hashed = inputs.hashed + outputs.hashed;
  if (hashed > 0) await writeIndex(path, { ...index, inputs: inputs.stamps, outputs: outputs.stamps });
  return { hit, hashed, files: index.inputs.length + index.outputs.length };
}

/** Stamps of what compile was given: its files by path on disk (stat taken now, after the read) and the hooks module, or its absence. */
function inputStamps(paths: IndexedPaths, inputs: Pick<Inputs, "tree" | "hooks">): Stamp[] {
  const root = dirname(resolve(paths.specs));
  const stamps: Stamp[] = [...inputs.tree.files].map(([key, text]) => {
    const file = join(root, key);
    return [file, currentStat(file), inputHash(text)];
  });
  const hooks = hooksFile(paths);
  stamps.push([hooks, currentStat(hooks), inputs.hooks === undefined ? "" : inputHash(inputs.hooks.text)]);
  return stamps;
}

/**
 * Records the index after a run that made (or found) the output directory hold exactly `outputs`
 * (path and `outputHash`) for the inputs keyed `projectKey`.
 */
export async function rememberIndex(paths: IndexedPaths, cache: GenCache, inputs: Pick<Inputs, "tree" | "hooks" | "referenced">, projectKey: string, outputs: readonly (readonly [string, string])[]): Promise<void> {
  const root = dirname(resolve(paths.specs));
  const outside = new Set(inputs.referenced);
  const index: StatIndex = {
    projectKey,
    listed: [...inputs.tree.files.keys()].filter((key) => !outside.has(join(root, key))).sort(),
    inputs: inputStamps(paths, inputs),
    outputs: [...outputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, hash]) => [file, currentStat(join(paths.out, file)), hash] as const),
  };
  await writeIndex(indexFile(paths, cache.salt), index);
}

/**
 * For a compile's outputs: whether the output directory holds an output file without reading it,
 * by the index (the file's stat trusted and its recorded hash that of the content); none without an index.
 */
export async function indexedOutputs(paths: IndexedPaths, cache: GenCache): Promise<((path: string, hash: string) => boolean) | undefined> {
  const found = await readIndex(indexFile(paths, cache.salt));
  if (found === undefined) return undefined;
  const stamps = new Map(found.index.outputs.map((stamp) => [stamp[0], stamp]));
  return (path, hash) => {
    const stamp = stamps.get(path);
    return stamp !== undefined && stamp[2] === hash && trusted(stamp[1], currentStat(join(paths.out, path)), found.mtimeNs);
  };
}
