import { outputDirOf, type ErrorFormat, type ToolIR } from "@toolgate/compiler";
import { join } from "node:path";
import { removeFile, toPosix, writeText } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { planOutput, type OutputPlan } from "./plan.js";
import { compileProject } from "./project.js";

export interface GenOptions {
  readonly specs: string;
  readonly out: string;
  readonly hooks: string | undefined;
  readonly check: boolean;
  readonly errorFormat: ErrorFormat;
  readonly quiet: boolean;
}

export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

const summary = (tool: ToolIR, outLabel: string): string => {
  const fields = tool.selection.kind === "object" ? tool.selection.fields.map((f) => f.key).join(", ") : "";
  return `${tool.tool} v${tool.version} → ${outLabel}/${outputDirOf(tool)}/ (agent view: ${fields}; ${count(tool.checks.length, "check")}, ${count(tool.errors.length, "error code")})`;
};

function reportPlan(plan: OutputPlan, io: Io): void {
  for (const path of plan.stale) io.stderr(`stale: ${path}`);
  for (const path of plan.missing) io.stderr(`missing: ${path}`);
  for (const path of plan.orphaned) io.stderr(`orphaned: ${path}`);
}

/** `toolgate gen`: compile specs/ in memory, then write (or, with --check, compare) the output directory. */
export async function runGen(options: GenOptions, io: Io): Promise<number> {
  const compiled = await compileProject(options, options.errorFormat, io);
  if (!compiled.ok) return compiled.exit;
  const { result } = compiled;
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
