import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { OutputFile } from "../finalize.js";
import type { ToolIR } from "../ir/types.js";
import type { SourceFiles } from "../load/sources.js";
import type { FileHashes } from "./keys.js";
import { hashOf, keyOf, lookup, store, type GenCache } from "./seal.js";

/** What `gen` prints about a tool: its agent view's keys and counts, not the checks and errors themselves (a no-op reads this for every tool). */
export interface ToolSummary {
  readonly tool: string;
  readonly version: ToolIR["version"];
  readonly specPath: string;
  /** The agent view's top-level keys (none for a non-object selection). */
  readonly fields: readonly string[];
  readonly checks: number;
  readonly errors: number;
}

/**
 * A whole project's result, without the file contents: when every input is unchanged and the
 * output directory still holds these files, gen has nothing to compute and nothing to write.
 */
export interface CachedProject {
  /** Each output path with `outputHash` of its content, sorted by path. */
  readonly outputs: readonly (readonly [string, string])[];
  /** The diagnostics of a gen run over the output directory these outputs make (its manifest included). */
  readonly diagnostics: readonly Diagnostic[];
  readonly tools: readonly ToolSummary[];
}

/** The hash `CachedProject.outputs` records, for comparing with a file on disk. */
export const outputHash = (content: string): string => hashOf("output", content);

export interface ProjectKeyInput {
  readonly files: SourceFiles;
  readonly specs: readonly string[];
  readonly hooks?: { readonly path: string; readonly text: string };
  readonly outDir: string;
  readonly context: string;
}

/** Every input file's hash, the spec list, the hooks module and the options. */
export function projectKey(cache: GenCache, input: ProjectKeyInput, hashes: FileHashes): string {
  const files = [...input.files.keys()].sort().flatMap((path) => [path, hashes.of(path)]);
  return keyOf(cache, "project", input.context, input.outDir, JSON.stringify(input.hooks ?? null), JSON.stringify([...input.specs].sort()), ...files);
}

export const cachedProjectAt = (cache: GenCache, key: string): Promise<CachedProject | undefined> => lookup<CachedProject>(cache, key);

export const summaryOf = (t: ToolIR): ToolSummary => ({
  tool: t.tool,
  version: t.version,
  specPath: t.specPath,
  fields: t.selection.kind === "object" ? t.selection.fields.map((f) => f.key) : [],
  checks: t.checks.length,
  errors: t.errors.length,
});

export function storeProject(cache: GenCache, key: string, files: readonly OutputFile[], diagnostics: readonly Diagnostic[], tools: readonly ToolIR[]): Promise<void> {
  const entry: CachedProject = { outputs: files.map((f) => [f.path, outputHash(f.content)] as const), diagnostics, tools: tools.map(summaryOf) };
  return store(cache, key, entry);
}
