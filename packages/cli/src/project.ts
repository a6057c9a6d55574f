import { compile, formatDiagnostics, hasErrors, MANIFEST_PATH, type CompileInput, type CompileOutput, type Diagnostic, type ErrorFormat } from "@toolgate/compiler";
import { join } from "node:path";
import { readIfExists } from "./files.js";
import { openCache, type CacheOptions } from "./gen-cache.js";
import { fromRoot, readInputs, type Inputs } from "./inputs.js";
import { EXIT, type Io } from "./io.js";
import { jobsOf, MIN_SPECS_FOR_WORKERS, ToolPool } from "./tool-pool.js";

/** Where a project's specs, hooks module, output directory and gen cache are. */
export interface ProjectPaths extends CacheOptions {
  /** `--jobs <n>`: worker threads for compiling specs (default: the machine's parallelism, at most 8). */
  readonly jobs?: number | undefined;
  readonly specs: string;
  readonly out: string;
  readonly hooks: string | undefined;
  /** Annotation keywords every spec ignores (the config file's `ignored_keywords`). */
  readonly ignoredKeywords?: readonly string[];
  /** `gen`'s --lint and --strict-limits (compile()'s own defaults otherwise). */
  readonly lint?: CompileInput["lint"];
  readonly strictLimits?: CompileInput["strictLimits"];
}

export type Compiled = { readonly ok: true; readonly inputs: Inputs; readonly result: CompileOutput } | { readonly ok: false; readonly exit: number };

export type Prepared = { readonly ok: true; readonly inputs: Inputs; readonly input: CompileInput; readonly jobs: number | undefined } | { readonly ok: false; readonly exit: number };

/** Reads the project into the compiler's input (exit 2 when there is nothing to compile: TG001/TG002). */
export async function prepareProject(paths: ProjectPaths, errorFormat: ErrorFormat, io: Io): Promise<Prepared> {
  const { inputs, problems } = await readInputs(paths.specs, paths.hooks);
  if (inputs === undefined) {
    io.stderr(formatDiagnostics(problems, errorFormat));
    return { ok: false, exit: EXIT.usage };
  }
  const previousManifest = await readIfExists(join(paths.out, MANIFEST_PATH));
  const cache = await openCache(paths);
  const input: CompileInput = {
    files: inputs.tree.files,
    specs: inputs.tree.specs,
    outDir: fromRoot(paths.specs, paths.out),
    ...(inputs.hooks ? { hooks: inputs.hooks } : {}),
    ...(previousManifest === undefined ? {} : { previousManifest }),
    ...(paths.ignoredKeywords === undefined ? {} : { ignoredKeywords: paths.ignoredKeywords }),
    ...(paths.lint && { lint: paths.lint }),
    ...(paths.strictLimits && { strictLimits: paths.strictLimits }),
    ...(cache ? { cache } : {}),
  };
  return { ok: true, inputs, input, jobs: paths.jobs };
}

/** Prints diagnostics (`errorsOnly`: commands that run the output leave the warnings to gen). */
export function showDiagnostics(diagnostics: readonly Diagnostic[], errorFormat: ErrorFormat, io: Io, errorsOnly = false): void {
  const shown = errorsOnly ? diagnostics.filter((d) => d.severity === "error") : diagnostics;
  if (shown.length > 0) io.stderr(formatDiagnostics(shown, errorFormat));
}

/**
 * Reads and compiles the project in memory, printing its diagnostics: exit 2 when there is nothing
 * to compile (TG001/TG002), 1 when a spec has errors.
 */
export async function compileProject(paths: ProjectPaths, errorFormat: ErrorFormat, io: Io, errorsOnly = false): Promise<Compiled> {
  const prepared = await prepareProject(paths, errorFormat, io);
  return prepared.ok ? compilePrepared(prepared, errorFormat, io, errorsOnly) : prepared;
}

/** Compiles what `prepareProject` read; many specs to compile go to worker threads (`--jobs`). */
export async function compilePrepared(prepared: Prepared & { ok: true }, errorFormat: ErrorFormat, io: Io, errorsOnly = false): Promise<Compiled> {
  const { input } = prepared;
  const jobs = jobsOf(prepared.jobs);
  const pool = new ToolPool({ files: input.files, outDir: input.outDir ?? "generated", hooksPath: input.hooks?.path, ignoredKeywords: input.ignoredKeywords ?? [] }, jobs);
  const runnerFor = (count: number) => (jobs > 1 && count >= MIN_SPECS_FOR_WORKERS ? pool.run : undefined);
  const result = await compile({ ...input, runnerFor }).finally(() => pool.close());
  showDiagnostics(result.diagnostics, errorFormat, io, errorsOnly);
  return hasErrors(result.diagnostics) ? { ok: false, exit: EXIT.findings } : { ok: true, inputs: prepared.inputs, result };
}
