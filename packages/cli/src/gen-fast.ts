import { cachedProjectAt, formatDiagnostics, projectKeyOf, type CachedProject, type ErrorFormat, type GenCache } from "@toolgate/compiler/fast";
import { parseArgs } from "node:util";
import { loadProjectConfig } from "./config.js";
import { holdsOutputs, openCache } from "./gen-cache.js";
import { indexedProject, rememberIndex } from "./gen-indexed.js";
import { reportWritten, upToDate, type GenReportOptions } from "./gen-report.js";
import { readInputs, type Inputs } from "./inputs.js";
import { EXIT, type Io } from "./io.js";
import { fromRoot } from "./paths.js";

/** What the no-op check needs to know about a gen run. */
export interface UnchangedOptions extends GenReportOptions {
  readonly specs: string;
  readonly hooks?: string | undefined;
  readonly cacheDir?: string | undefined;
  /** The compile options besides the files that the full run was given (its cache key has them). */
  readonly lint?: "warning" | "error" | "off" | undefined;
  readonly strictLimits?: "relax" | "fail" | undefined;
  readonly ignoredKeywords?: readonly string[] | undefined;
  readonly check: boolean;
  readonly errorFormat: ErrorFormat;
}

/** `TOOLGATE_DEBUG=gen`: says on stderr which path answered (how a test sees that the fast path did). */
const debug = (io: Io, text: string): void => {
  if (process.env.TOOLGATE_DEBUG === "gen") io.stderr(`toolgate debug: ${text}`);
};

/** Prints what the full run would have for a project found unchanged. */
function answer(hit: CachedProject, options: UnchangedOptions, io: Io): number {
  if (hit.diagnostics.length > 0) io.stderr(formatDiagnostics(hit.diagnostics, options.errorFormat));
  if (options.check) return (io.stdout(upToDate(hit.outputs.length)), EXIT.ok);
  return reportWritten(hit.tools, hit.outputs.length, 0, 0, options, io);
}

/**
 * The no-op path from the inputs read: every input is what the cache saw last and the output
 * directory holds exactly what that run wrote, so nothing is compiled, written or removed; prints
 * what the full run would and records the stat index for the next run. undefined when that is not
 * so (the caller compiles).
 */
export async function unchanged(project: Inputs, cache: GenCache | undefined, options: UnchangedOptions, io: Io): Promise<number | undefined> {
  if (cache === undefined) return undefined;
  const { lint, strictLimits, ignoredKeywords } = options;
  const chosen = { ...(lint && { lint }), ...(strictLimits && { strictLimits }), ...(ignoredKeywords && { ignoredKeywords }) };
  const input = { files: project.tree.files, specs: project.tree.specs, outDir: fromRoot(options.specs, options.out), cache, ...chosen, ...(project.hooks ? { hooks: project.hooks } : {}) };
  const key = projectKeyOf(input);
  const hit = await cachedProjectAt(cache, key);
  if (hit === undefined || !(await holdsOutputs(options.out, hit))) return (debug(io, `gen: cache ${hit === undefined ? "miss" : "hit, output directory differs"}`), undefined);
  debug(io, "gen: unchanged, answered from the cache");
  await rememberIndex(options, cache, project, key, hit.outputs);
  return answer(hit, options, io);
}

/**
 * The no-op path from the stat index: the files whose stat changed are read, no other. undefined
 * when the index is missing (then the inputs are read and hashed) or something changed (then the
 * caller compiles; null).
 */
async function indexedUnchanged(cache: GenCache, options: UnchangedOptions, io: Io): Promise<number | null | undefined> {
  const found = await indexedProject(options, cache);
  if ("miss" in found) return (debug(io, `gen: stat index: ${found.miss}`), found.miss === "changed" ? null : undefined);
  debug(io, `gen: stat index: ${found.hashed} of ${found.files} files read (stat changed or racy)`);
  debug(io, "gen: unchanged, answered from the cache");
  return answer(found.hit, options, io);
}

// Exactly gen's options (main.ts); anything else leaves the run to the full CLI. The paths have no
// defaults here: the config file's settings fill them in, as the full CLI's do.
const OPTIONS = {
  specs: { type: "string" },
  out: { type: "string" },
  hooks: { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean", default: false },
  jobs: { type: "string" },
  check: { type: "boolean", default: false },
  quiet: { type: "boolean", default: false },
  "error-format": { type: "string", default: "text" },
  lint: { type: "string", default: "warning" },
  "strict-limits": { type: "string", default: "relax" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"];

function parsed(argv: readonly string[]): Values | undefined {
  try {
    const { values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false });
    const { jobs, lint, "strict-limits": strictLimits, "error-format": errorFormat } = values;
    const valid = (jobs === undefined || /^[1-9]\d*$/.test(jobs)) && ["warning", "error", "off"].includes(lint) && ["relax", "fail"].includes(strictLimits) && ["text", "json", "github"].includes(errorFormat);
    return valid ? values : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `toolgate gen` (and `gen --check`) when nothing changed, loading none of the compiler's emitters:
 * the bin tries this first; undefined (anything to compile or to report) sends the arguments to the full CLI.
 */
export async function fastGen(argv: readonly string[], io: Io): Promise<number | undefined> {
  const values = parsed(argv);
  if (values === undefined) return undefined;
  // The config file as withProjectConfig reads it; one with errors is the full CLI's to report.
  const { diagnostics, ...config } = loadProjectConfig(".");
  if (diagnostics.length > 0) return undefined;
  const project = { ...config, ...(values.specs && { specs: values.specs }), ...(values.out && { out: values.out }), ...(values.hooks && { hooks: values.hooks }), ...(values["cache-dir"] && { cacheDir: values["cache-dir"] }) };
  const cache = await openCache({ specs: project.specs, cache: !values["no-cache"], ...(project.cacheDir === undefined ? {} : { cacheDir: project.cacheDir }) });
  if (cache === undefined) return undefined;
  const choices = { lint: values.lint as "warning" | "error" | "off", strictLimits: values["strict-limits"] as "relax" | "fail", ignoredKeywords: project.ignoredKeywords };
  const paths = { specs: project.specs, out: project.out, hooks: project.hooks, cacheDir: project.cacheDir };
  const options = { ...paths, check: values.check, quiet: values.quiet, errorFormat: values["error-format"] as ErrorFormat, ...choices };
  const indexed = await indexedUnchanged(cache, options, io);
  if (indexed !== undefined) return indexed ?? undefined;
  const { inputs } = await readInputs(project.specs, project.hooks);
  return inputs === undefined ? undefined : unchanged(inputs, cache, options, io);
}
