import { compile, formatDiagnostics, hasErrors, MANIFEST_PATH, type CompileInput, type CompileOutput, type ErrorFormat } from "@toolgate/compiler";
import { join } from "node:path";
import { readIfExists } from "./files.js";
import { fromRoot, readInputs, type Inputs } from "./inputs.js";
import { EXIT, type Io } from "./io.js";

/** Where a project's specs, hooks module and output directory are. */
export interface ProjectPaths {
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

/**
 * Reads and compiles the project in memory, printing its diagnostics (`errorsOnly`: commands that run
 * the output leave the warnings to gen): exit 2 when there is nothing to compile (TG001/TG002), 1 when a spec has errors.
 */
export async function compileProject(paths: ProjectPaths, errorFormat: ErrorFormat, io: Io, errorsOnly = false): Promise<Compiled> {
  const { inputs, problems } = await readInputs(paths.specs, paths.hooks);
  if (inputs === undefined) {
    io.stderr(formatDiagnostics(problems, errorFormat));
    return { ok: false, exit: EXIT.usage };
  }
  const previousManifest = await readIfExists(join(paths.out, MANIFEST_PATH));
  const result = await compile({
    files: inputs.tree.files,
    specs: inputs.tree.specs,
    outDir: fromRoot(paths.specs, paths.out),
    ...(inputs.hooks ? { hooks: inputs.hooks } : {}),
    ...(previousManifest === undefined ? {} : { previousManifest }),
    ...(paths.ignoredKeywords === undefined ? {} : { ignoredKeywords: paths.ignoredKeywords }),
    ...(paths.lint && { lint: paths.lint }),
    ...(paths.strictLimits && { strictLimits: paths.strictLimits }),
  });
  const shown = errorsOnly ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  if (shown.length > 0) io.stderr(formatDiagnostics(shown, errorFormat));
  return hasErrors(result.diagnostics) ? { ok: false, exit: EXIT.findings } : { ok: true, inputs, result };
}
