import { hooksSpecifier } from "./check/hooks.js";
import { cachedProjectAt, projectKey, storeProject, type CachedProject, type ProjectKeyInput } from "./cache/project-entry.js";
import type { GenCache } from "./cache/seal.js";
import { contextKey, DEFAULT_EMITTER_KEYS, FileHashes } from "./cache/keys.js";
import { checkCompatibility } from "./compat/check.js";
import type { CompileInput, CompileOutput } from "./compile.js";
import { sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { MANIFEST_PATH } from "./emit/manifest.js";

/**
 * The project's result when the cache holds one for exactly these inputs (`emitters`: their
 * `emitterKeys`); the caller still checks
 * that the output directory holds `outputs` (the recorded diagnostics assume its manifest is ours).
 */
export function cachedProject(input: CompileInput & { readonly cache: GenCache }, emitters: readonly string[] = DEFAULT_EMITTER_KEYS): Promise<CachedProject | undefined> {
  return cachedProjectAt(input.cache, projectKey(input.cache, projectKeyInput(input, emitters), new FileHashes(input.files)));
}

function projectKeyInput(input: CompileInput, emitters: readonly string[]): ProjectKeyInput {
  const outDir = input.outDir ?? "generated";
  const hooksModule = input.hooks ? hooksSpecifier(outDir, input.hooks.path) : undefined;
  // The lint and the strict-limits mode change project diagnostics and definitions.ts, not a tool's unit.
  const context = JSON.stringify([contextKey(hooksModule, emitters, input.ignoredKeywords), input.lint ?? "off", input.strictLimits ?? "relax"]);
  return { files: input.files, specs: input.specs, outDir, context, ...(input.hooks ? { hooks: input.hooks } : {}) };
}

/** Records the result for the next run, whose previous manifest is the one written now. */
export function rememberProject(input: CompileInput & { readonly cache: GenCache }, emitters: readonly string[], hashes: FileHashes, output: CompileOutput, compat: readonly Diagnostic[]): Promise<void> {
  const manifest = output.files.find((f) => f.path === MANIFEST_PATH)?.content;
  const againstOwn = checkCompatibility(output.tools, manifest);
  const diagnostics = sortDiagnostics([...output.diagnostics.filter((d) => !compat.includes(d)), ...againstOwn]);
  const key = projectKey(input.cache, projectKeyInput(input, emitters), hashes);
  return storeProject(input.cache, key, output.files, diagnostics, output.tools);
}

