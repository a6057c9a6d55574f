import type { ErrorFormat, OutputFile } from "@toolgate/compiler";
import { outputHash, projectKeyOf, summaryOf } from "@toolgate/compiler/fast";
import { join } from "node:path";
import { removeFile, writeText } from "./files.js";
import { unchanged } from "./gen-fast.js";
import { indexedOutputs, rememberIndex } from "./gen-indexed.js";
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
function remember(prepared: Prepared & { ok: true }, hashes: ReadonlyMap<string, string>, options: GenOptions): Promise<void> | undefined {
  const { input } = prepared;
  if (input.cache === undefined) return undefined;
  return rememberIndex(options, input.cache, prepared.inputs, projectKeyOf({ ...input, cache: input.cache }), [...hashes]);
}

/** The output plan, reading only the files the stat index cannot vouch for (an edit of one spec changes few). */
async function plannedOutput(prepared: Prepared & { ok: true }, files: readonly OutputFile[], hashes: ReadonlyMap<string, string>, options: GenOptions): Promise<OutputPlan> {
  const cache = prepared.input.cache;
  const holds = cache === undefined ? undefined : await indexedOutputs(options, cache);
  return planOutput(options.out, files, holds && ((file) => holds(file.path, hashes.get(file.path)!)));
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
  const hashes = new Map(result.files.map((f) => [f.path, outputHash(f.content)]));
  const plan = await plannedOutput(prepared, result.files, hashes, options);
  if (options.check) {
    reportPlan(plan, io);
    const drift = plan.write.length + plan.orphaned.length;
    if (drift === 0) await remember(prepared, hashes, options);
    io.stdout(drift === 0 ? upToDate(result.files.length) : `toolgate: ${drift} generated files are out of date; run \`npx toolgate gen\``);
    return drift === 0 ? EXIT.ok : EXIT.findings;
  }
  for (const file of plan.write) await writeText(join(options.out, file.path), file.content);
  for (const path of plan.orphaned) await removeFile(join(options.out, path));
  await remember(prepared, hashes, options);
  return reportWritten(result.tools.map(summaryOf), result.files.length, plan.write.length, plan.orphaned.length, options, io);
}
