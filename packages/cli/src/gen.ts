import type { ErrorFormat, OutputFile } from "@toolgate/compiler";
import { outputHash, projectKeyOf } from "@toolgate/compiler/fast";
import { join } from "node:path";
import { removeFile, writeText } from "./files.js";
import { unchanged } from "./gen-fast.js";
import { rememberIndex } from "./gen-indexed.js";
import { reportWritten, upToDate } from "./gen-report.js";
import { EXIT, type Io } from "./io.js";
import { planOutput, type OutputPlan } from "./plan.js";
import { compilePrepared, prepareProject, type Prepared, type ProjectPaths } from "./project.js";

export { count } from "./gen-report.js";

export interface GenOptions extends ProjectPaths {
  readonly check: boolean;
  readonly errorFormat: ErrorFormat;
  readonly quiet: boolean;
}

function reportPlan(plan: OutputPlan, io: Io): void {
  for (const path of plan.stale) io.stderr(`stale: ${path}`);
  for (const path of plan.missing) io.stderr(`missing: ${path}`);
  for (const path of plan.orphaned) io.stderr(`orphaned: ${path}`);
}

/** Records the stat index once the output directory holds exactly `files` (a no-op then reads only what changes). */
function remember(prepared: Prepared & { ok: true }, files: readonly OutputFile[], options: GenOptions): Promise<void> | undefined {
  const { input } = prepared;
  if (input.cache === undefined) return undefined;
  const outputs = files.map((f) => [f.path, outputHash(f.content)] as const);
  return rememberIndex(options, input.cache, prepared.inputs, projectKeyOf({ ...input, cache: input.cache }), outputs);
}

/** `toolgate gen`: compile specs/ in memory (or find it unchanged in the cache), then write (or, with --check, compare) the output directory. */
export async function runGen(options: GenOptions, io: Io): Promise<number> {
  const prepared = await prepareProject(options, options.errorFormat, io);
  if (!prepared.ok) return prepared.exit;
  const fast = await unchanged(prepared.inputs, prepared.input.cache, options, io);
  if (fast !== undefined) return fast;
  const compiled = await compilePrepared(prepared, options.errorFormat, io);
  if (!compiled.ok) return compiled.exit;
  const { result } = compiled;
  const plan = await planOutput(options.out, result.files);
  if (options.check) {
    reportPlan(plan, io);
    const drift = plan.write.length + plan.orphaned.length;
    if (drift === 0) await remember(prepared, result.files, options);
    io.stdout(drift === 0 ? upToDate(result.files.length) : `toolgate: ${drift} generated files are out of date; run \`npx toolgate gen\``);
    return drift === 0 ? EXIT.ok : EXIT.findings;
  }
  for (const file of plan.write) await writeText(join(options.out, file.path), file.content);
  for (const path of plan.orphaned) await removeFile(join(options.out, path));
  await remember(prepared, result.files, options);
  return reportWritten(result.tools, result.files.length, plan.write.length, plan.orphaned.length, options, io);
}
