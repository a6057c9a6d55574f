// One fresh process per (case, size): sets the case up, checks it accepts the payload, times it
// against JSON.parse of the same text, and prints one JSON line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CASES } from "./cases.mjs";
import { BENCH_TOOL, META_FILE } from "./paths.mjs";
import { mutantsAccepted } from "./mutants.mjs";
import { compare } from "./timing.mjs";

const { caseName, size, dir, timing } = JSON.parse(process.argv[2]);
const meta = JSON.parse(readFileSync(join(dir, META_FILE), "utf8")).tools.find((t) => t.tool === BENCH_TOOL);
const { text, run, ok, accepts } = await CASES[caseName].setup({ dir, size, meta });
if (!ok(run())) throw new Error(`${caseName} rejected the ${size} payload; the benchmark would time a failure path`);
// Pipelines run every mutant first (untimed): the table lists what each lets through.
const letsThrough = accepts ? mutantsAccepted(text, accepts) : undefined;
if (caseName === "adapter" && letsThrough.length > 0) throw new Error(`the generated adapter accepted ${letsThrough.join(", ")}`);
const result = compare(() => JSON.parse(text), run, timing);
process.stdout.write(`${JSON.stringify({ caseName, size, bytes: Buffer.byteLength(text), letsThrough, ...result })}\n`);
