import { expect, it } from "vitest";
import { wholeFile } from "../codegen/file.js";
import { finalizeFiles } from "../finalize.js";
import { cachedFinalize } from "./finalized.js";
import type { GenCache } from "./seal.js";

/** An in-memory cache that counts the entries it hands back and stores. */
function countingCache(): GenCache & { hits: number; puts: number } {
  const store = new Map<string, Uint8Array>();
  const cache = {
    salt: "compiler 1",
    hits: 0,
    puts: 0,
    get: async (key: string) => {
      const bytes = store.get(key);
      if (bytes !== undefined) cache.hits++;
      return bytes;
    },
    put: async (key: string, bytes: Uint8Array) => void (cache.puts++, store.set(key, bytes)),
  };
  return cache;
}

const project = (registry: string) => [wholeFile("index.ts", undefined, "export const a   =  1"), wholeFile("lazy.ts", undefined, registry), wholeFile("toolgate.manifest.json", undefined, "{}\n")];

it("formats a project file once per generated text: an unchanged file comes from the cache, a changed one is formatted again", async () => {
  const cache = countingCache();
  const first = project("export const b = [ 1 ]");
  expect(await cachedFinalize(first, cache)).toEqual(await finalizeFiles(first));
  expect([cache.hits, cache.puts]).toEqual([0, 3]);
  expect(await cachedFinalize(project("export const b = [ 1 ]"), cache)).toEqual(await finalizeFiles(first));
  expect([cache.hits, cache.puts]).toEqual([3, 3]);
  const edited = project("export const b = [ 2 ]");
  expect(await cachedFinalize(edited, cache)).toEqual(await finalizeFiles(edited));
  expect([cache.hits, cache.puts]).toEqual([5, 4]);
});
