import { cachedProject, formatDiagnostics, type ErrorFormat, type GenCache } from "@toolgate/compiler/fast";
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readIfExists, readSpecTree, type SpecTree } from "./files.js";
import { holdsOutputs, openCache, type CacheOptions } from "./gen-cache.js";
import { reportWritten, upToDate, type GenReportOptions } from "./gen-report.js";
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

interface ReadProject {
  readonly tree: SpecTree;
  readonly hooks: { readonly path: string; readonly text: string } | undefined;
}

/**
 * The no-op path: every input is what the cache saw last and the output directory holds exactly
 * what that run wrote, so nothing is compiled, written or removed; prints what the full run would.
 * undefined when that is not so (the caller compiles).
 */
export async function unchanged(project: ReadProject, cache: GenCache | undefined, options: UnchangedOptions, io: Io): Promise<number | undefined> {
  if (cache === undefined) return undefined;
  const { lint, strictLimits, ignoredKeywords } = options;
  const chosen = { ...(lint && { lint }), ...(strictLimits && { strictLimits }), ...(ignoredKeywords && { ignoredKeywords }) };
  const input = { files: project.tree.files, specs: project.tree.specs, outDir: fromRoot(options.specs, options.out), cache, ...chosen, ...(project.hooks ? { hooks: project.hooks } : {}) };
  const hit = await cachedProject(input);
  if (hit === undefined || !(await holdsOutputs(options.out, hit))) return undefined;
  if (hit.diagnostics.length > 0) io.stderr(formatDiagnostics(hit.diagnostics, options.errorFormat));
  if (options.check) return (io.stdout(upToDate(hit.outputs.length)), EXIT.ok);
  return reportWritten(hit.tools, hit.outputs.length, 0, 0, options, io);
}

// Exactly gen's options (main.ts): anything else, or a config file, leaves the run to the full CLI.
const OPTIONS = {
  specs: { type: "string", default: "specs" },
  out: { type: "string", default: "generated" },
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

const CONFIG_FILES = ["toolgate.config.json", "toolgate.config.yaml", "toolgate.config.yml"];

/** Reads the specs and the hooks module as the full CLI would; undefined on anything it would report. */
async function readProject(specs: string, explicitHooks: string | undefined): Promise<ReadProject | undefined> {
  const tree = await readSpecTree(specs, basename(resolve(specs))).catch(() => undefined);
  if (tree === undefined || tree.specs.length === 0 || tree.unreadable.length > 0) return undefined;
  const file = explicitHooks ?? join(specs, "hooks.ts");
  const text = await readIfExists(file).catch(() => undefined);
  if (text === undefined && explicitHooks !== undefined) return undefined;
  return { tree, hooks: text === undefined ? undefined : { path: fromRoot(specs, file), text } };
}

/**
 * `toolgate gen` when nothing changed, loading none of the compiler's emitters: the bin tries this
 * first; undefined sends the arguments to the full CLI.
 */
export async function fastGen(argv: readonly string[], io: Io): Promise<number | undefined> {
  let values;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch {
    return undefined;
  }
  const errorFormat = values["error-format"];
  const badJobs = values.jobs !== undefined && !/^[1-9]\d*$/.test(values.jobs);
  const { lint, "strict-limits": strictLimits } = values;
  const badChoice = !["warning", "error", "off"].includes(lint) || !["relax", "fail"].includes(strictLimits);
  if (badJobs || badChoice || !["text", "json", "github"].includes(errorFormat) || CONFIG_FILES.some((f) => existsSync(f))) return undefined;
  const project = await readProject(values.specs, values.hooks);
  if (project === undefined) return undefined;
  const cacheOptions: CacheOptions & { specs: string } = { specs: values.specs, cache: !values["no-cache"], ...(values["cache-dir"] === undefined ? {} : { cacheDir: values["cache-dir"] }) };
  const choices = { lint: lint as "warning" | "error" | "off", strictLimits: strictLimits as "relax" | "fail" };
  const options = { specs: values.specs, out: values.out, check: values.check, quiet: values.quiet, errorFormat: errorFormat as ErrorFormat, ...choices };
  return unchanged(project, await openCache(cacheOptions), options, io);
}
