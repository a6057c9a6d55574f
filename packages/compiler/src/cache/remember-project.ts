import { checkCompatibility } from "../compat/check.js";
import type { CompileInput, CompileOutput } from "../compile.js";
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import { MANIFEST_PATH } from "../emit/manifest.js";
import { projectKeyInput } from "../project-cache.js";
import type { FileHashes } from "./keys.js";
import { projectKey, storeProject } from "./project-entry.js";
import type { GenCache } from "./seal.js";

// Apart from project-cache.ts: the no-op path reads entries and must not load the compatibility check.
/** Records the result for the next run, whose previous manifest is the one written now. */
export function rememberProject(input: CompileInput & { readonly cache: GenCache }, emitters: readonly string[], hashes: FileHashes, output: CompileOutput, compat: readonly Diagnostic[]): Promise<void> {
  const manifest = output.files.find((f) => f.path === MANIFEST_PATH)?.content;
  const againstOwn = checkCompatibility(output.tools, manifest);
  const diagnostics = sortDiagnostics([...output.diagnostics.filter((d) => !compat.includes(d)), ...againstOwn]);
  const key = projectKey(input.cache, projectKeyInput(input, emitters), hashes);
  return storeProject(input.cache, key, output.files, diagnostics, output.tools);
}

