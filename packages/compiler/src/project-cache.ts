import { hooksSpecifier } from "./check/hooks.js";
import { cachedProjectAt, projectKey, type CachedProject, type ProjectKeyInput } from "./cache/project-entry.js";
import type { GenCache } from "./cache/seal.js";
import { contextKey, DEFAULT_EMITTER_KEYS, FileHashes } from "./cache/keys.js";
import type { CompileInput } from "./compile.js";

/**
 * The project's result when the cache holds one for exactly these inputs (`emitters`: their
 * `emitterKeys`); the caller still checks that the output directory holds `outputs` (the recorded
 * diagnostics assume its manifest is ours).
 */
export function cachedProject(input: CompileInput & { readonly cache: GenCache }, emitters: readonly string[] = DEFAULT_EMITTER_KEYS): Promise<CachedProject | undefined> {
  return cachedProjectAt(input.cache, projectKeyOf(input, emitters));
}

/** The key of the project entry for these inputs: what gen's stat index records, so a no-op can look it up without reading them. */
export const projectKeyOf = (input: CompileInput & { readonly cache: GenCache }, emitters: readonly string[] = DEFAULT_EMITTER_KEYS): string =>
  projectKey(input.cache, projectKeyInput(input, emitters), new FileHashes(input.files));

export { cachedProjectAt };

export function projectKeyInput(input: CompileInput, emitters: readonly string[]): ProjectKeyInput {
  const outDir = input.outDir ?? "generated";
  const hooksModule = input.hooks ? hooksSpecifier(outDir, input.hooks.path) : undefined;
  // The lint and the strict-limits mode change project diagnostics and definitions.ts, not a tool's unit.
  const context = JSON.stringify([contextKey(hooksModule, emitters, input.ignoredKeywords), input.lint ?? "off", input.strictLimits ?? "relax"]);
  return { files: input.files, specs: input.specs, outDir, context, ...(input.hooks ? { hooks: input.hooks } : {}) };
}
