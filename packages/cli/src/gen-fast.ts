import { cachedProject, formatDiagnostics, type ErrorFormat, type GenCache } from "@toolgate/compiler/fast";
import { parseArgs } from "node:util";
import { loadProjectConfig } from "./config.js";
import { holdsOutputs, openCache } from "./gen-cache.js";
import { reportWritten, upToDate, type GenReportOptions } from "./gen-report.js";
import { readInputs, type Inputs } from "./inputs.js";
import { EXIT, type Io } from "./io.js";
import { fromRoot } from "./paths.js";

/** What the no-op check needs to know about a gen run. */
export interface UnchangedOptions extends GenReportOptions {
  readonly specs: string;
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

/**
 * The no-op path: every input is what the cache saw last and the output directory holds exactly
 * what that run wrote, so nothing is compiled, written or removed; prints what the full run would.
 * undefined when that is not so (the caller compiles).
 */
export async function unchanged(project: Pick<Inputs, "tree" | "hooks">, cache: GenCache | undefined, options: UnchangedOptions, io: Io): Promise<number | undefined> {
  if (cache === undefined) return undefined;
  const { lint, strictLimits, ignoredKeywords } = options;
  const chosen = { ...(lint && { lint }), ...(strictLimits && { strictLimits }), ...(ignoredKeywords && { ignoredKeywords }) };
  const input = { files: project.tree.files, specs: project.tree.specs, outDir: fromRoot(options.specs, options.out), cache, ...chosen, ...(project.hooks ? { hooks: project.hooks } : {}) };
  const hit = await cachedProject(input);
  if (hit === undefined || !(await holdsOutputs(options.out, hit))) return (debug(io, `gen: cache ${hit === undefined ? "miss" : "hit, output directory differs"}`), undefined);
  debug(io, "gen: unchanged, answered from the cache");
  if (hit.diagnostics.length > 0) io.stderr(formatDiagnostics(hit.diagnostics, options.errorFormat));
  if (options.check) return (io.stdout(upToDate(hit.outputs.length)), EXIT.ok);
  return reportWritten(hit.tools, hit.outputs.length, 0, 0, options, io);
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
  const { inputs } = await readInputs(project.specs, project.hooks);
  if (inputs === undefined) return undefined;
  const cache = await openCache({ specs: project.specs, cache: !values["no-cache"], ...(project.cacheDir === undefined ? {} : { cacheDir: project.cacheDir }) });
  const choices = { lint: values.lint as "warning" | "error" | "off", strictLimits: values["strict-limits"] as "relax" | "fail", ignoredKeywords: project.ignoredKeywords };
  const options = { specs: project.specs, out: project.out, check: values.check, quiet: values.quiet, errorFormat: values["error-format"] as ErrorFormat, ...choices };
  return unchanged(inputs, cache, options, io);
}
