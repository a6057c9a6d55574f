import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { loadCorpus, type CorpusFile } from "./corpus.js";
import { DEFAULT_BUDGET, runCorpus } from "./pool.js";
import { inSample } from "./sample.js";
import { report } from "./table.js";

/**
 * `npm run bench:real-world [-- --json rows.json] [--only <corpus file>] [--sample]`: the whole corpus
 * (or the test's sample) through the compiler, the table on stdout. Workers and budget from REAL_WORLD_WORKERS / REAL_WORLD_TIMEOUT_MS.
 */

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option("--only");
const budget = {
  ...DEFAULT_BUDGET,
  workers: Number(process.env.REAL_WORLD_WORKERS ?? DEFAULT_BUDGET.workers),
  timeoutMs: Number(process.env.REAL_WORLD_TIMEOUT_MS ?? DEFAULT_BUDGET.timeoutMs),
};
const scratch = join(resolve(import.meta.dirname, "../../.scratch"), `real-world-bench-${process.pid}`);
const started = Date.now();
const sample = args.includes("--sample");
const keep = (file: CorpusFile, id: string): boolean => (only === undefined || file.name === only) && (!sample || inSample(file, id));
const rows = await runCorpus(await loadCorpus(), scratch, budget, keep);
console.log(report(rows));
console.log(`\n${rows.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s (${budget.workers} workers, ${budget.timeoutMs} ms per case)`);
const json = option("--json");
if (json !== undefined) await writeFile(json, JSON.stringify(rows, null, 1) + "\n");
