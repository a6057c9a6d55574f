import type { ToolContext, ToolUnit } from "../tool-unit.js";
import { contextKey, emitterKeys, type FileHashes } from "./keys.js";
import { keyOf, lookup, store, type GenCache } from "./seal.js";

interface ToolEntry {
  readonly unit: ToolUnit;
  /** The hash of each of `unit.reads` when the unit was compiled. */
  readonly hashes: readonly string[];
}

const unitKey = (specPath: string, context: ToolContext, cache: GenCache, hashes: FileHashes): string =>
  keyOf(cache, "tool", contextKey(context.hooksModule, emitterKeys(context.emitters), context.ignoredKeywords), specPath, hashes.of(specPath));

/** One spec's unit from the cache, when the spec and every file it read last time are unchanged. */
export async function cachedUnit(specPath: string, context: ToolContext, cache: GenCache | undefined, hashes: FileHashes): Promise<ToolUnit | undefined> {
  if (cache === undefined) return undefined;
  const entry = await lookup<ToolEntry>(cache, unitKey(specPath, context, cache, hashes));
  return entry !== undefined && entry.unit.reads.every((path, i) => entry.hashes[i] === hashes.of(path)) ? entry.unit : undefined;
}

/** Stores a unit without errors (a spec with errors is compiled afresh, so they are always reported). */
export async function storeUnit(unit: ToolUnit, context: ToolContext, cache: GenCache | undefined, hashes: FileHashes): Promise<void> {
  if (cache === undefined || [...unit.frontDiagnostics, ...unit.emitDiagnostics].some((d) => d.severity === "error")) return;
  await store(cache, unitKey(unit.specPath, context, cache, hashes), { unit, hashes: unit.reads.map((path) => hashes.of(path)) } satisfies ToolEntry);
}
