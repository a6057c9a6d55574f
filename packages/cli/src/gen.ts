import { compile, formatDiagnostics, hasErrors, MANIFEST_PATH, type CompileOutput, type ErrorFormat, type ToolIR } from "@toolgate/compiler";
import { existsSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { readIfExists, removeFile, readSpecTree, toPosix, writeText } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { planOutput, type OutputPlan } from "./plan.js";

export interface GenOptions {
  readonly specs: string;
  readonly out: string;
  readonly hooks: string | undefined;
  readonly check: boolean;
  readonly errorFormat: ErrorFormat;
  readonly quiet: boolean;
}

/** Paths the compiler sees are relative to the specs directory's parent, so output never names the checkout. */
const fromRoot = (options: GenOptions, path: string): string => toPosix(relative(dirname(resolve(options.specs)), resolve(path)));

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

async function readHooks(options: GenOptions): Promise<{ path: string; text: string } | undefined | null> {
  const file = options.hooks ?? join(options.specs, "hooks.ts");
  const text = await readIfExists(file);
  if (text === undefined) return options.hooks === undefined ? undefined : null;
  return { path: fromRoot(options, file), text };
}

const summary = (tool: ToolIR, outLabel: string): string => {
  const fields = tool.selection.kind === "object" ? tool.selection.fields.map((f) => f.key).join(", ") : "";
  return `${tool.tool} v${tool.version} → ${outLabel}/${tool.tool}/ (agent view: ${fields}; ${count(tool.checks.length, "check")}, ${count(tool.errors.length, "error code")})`;
};

function reportPlan(plan: OutputPlan, io: Io): void {
  for (const path of plan.stale) io.stderr(`stale: ${path}`);
  for (const path of plan.missing) io.stderr(`missing: ${path}`);
  for (const path of plan.orphaned) io.stderr(`orphaned: ${path}`);
}

/** `toolgate gen`: compile specs/ in memory, then write (or, with --check, compare) the output directory. */
export async function runGen(options: GenOptions, io: Io): Promise<number> {
  if (!existsSync(options.specs)) {
    io.stderr(`toolgate: specs directory ${options.specs} does not exist`);
    return EXIT.usage;
  }
  const label = basename(resolve(options.specs));
  const tree = await readSpecTree(options.specs, label);
  if (tree.specs.length === 0) {
    io.stderr(`toolgate: no tool specs (*.yaml, *.yml, *.json) directly in ${options.specs}`);
    return EXIT.usage;
  }
  const hooks = await readHooks(options);
  if (hooks === null) {
    io.stderr(`toolgate: hooks module ${options.hooks} does not exist`);
    return EXIT.usage;
  }
  const previousManifest = await readIfExists(join(options.out, MANIFEST_PATH));
  const result: CompileOutput = await compile({
    files: tree.files,
    specs: tree.specs,
    outDir: fromRoot(options, options.out),
    ...(hooks ? { hooks } : {}),
    ...(previousManifest === undefined ? {} : { previousManifest }),
  });
  if (result.diagnostics.length > 0) io.stderr(formatDiagnostics(result.diagnostics, options.errorFormat));
  if (hasErrors(result.diagnostics)) return EXIT.findings;
  const plan = await planOutput(options.out, result.files);
  const outLabel = toPosix(options.out);
  if (options.check) {
    reportPlan(plan, io);
    const drift = plan.write.length + plan.orphaned.length;
    io.stdout(drift === 0 ? `toolgate: ${result.files.length} generated files are up to date` : `toolgate: ${drift} generated files are out of date; run \`npx toolgate gen\``);
    return drift === 0 ? EXIT.ok : EXIT.findings;
  }
  for (const file of plan.write) await writeText(join(options.out, file.path), file.content);
  for (const path of plan.orphaned) await removeFile(join(options.out, path));
  if (!options.quiet) for (const tool of result.tools) io.stdout(summary(tool, outLabel));
  io.stdout(`toolgate: ${result.tools.length} tools, ${plan.write.length} files written, ${plan.orphaned.length} removed, ${result.files.length - plan.write.length} unchanged`);
  return EXIT.ok;
}
