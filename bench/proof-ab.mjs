#!/usr/bin/env node
// `node --expose-gc bench/proof-ab.mjs <passes> <size> …`: in one process, the bench tool's adapt()
// on pre-issued calls with its response validator's member count (emit/lean/countable.ts) and with
// the count taken away (the strict parse then walks the tree, as before issue 19's round 5), and
// typia's pipeline, each as × JSON.parse of the same payload (lib/timing.mjs's rounds, three per
// pass, the three in turn); medians over the passes, and each adapter row ÷ typia. Run `npm run
// bench` once first: it generates bench/.generated. Issue 19.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CASES } from "./lib/cases.mjs";
import { BENCH_TOOL, generatedDir, META_FILE } from "./lib/paths.mjs";
import { median } from "./lib/stats.mjs";
import { compare } from "./lib/timing.mjs";

const [passes, ...sizes] = process.argv.slice(2);
if (!(Number(passes) > 0) || sizes.length === 0) {
  console.error("usage: node --expose-gc bench/proof-ab.mjs <passes> <size> …");
  process.exit(2);
}
const dir = resolve(generatedDir(false));
const meta = JSON.parse(readFileSync(join(dir, META_FILE), "utf8")).tools.find((t) => t.tool === BENCH_TOOL);
const { validateEnvelope } = await import(pathToFileURL(join(dir, BENCH_TOOL, "validate.js")).href);
const proof = validateEnvelope.proof;
if (proof === undefined) throw new Error("the bench tool's envelope validator has no member count");

for (const size of sizes) {
  // typia's first: its setup captures the adapter's checks as the module loads (lib/peers/pipeline.mjs).
  const typia = await CASES.typia.setup({ dir, size, meta });
  const adapter = await CASES.adapter_pre.setup({ dir, size, meta });
  const subjects = [
    ["adapt(), counted", () => (validateEnvelope.proof = proof), adapter],
    ["adapt(), walked", () => (validateEnvelope.proof = undefined), adapter],
    ["typia", () => {}, typia],
  ];
  const base = () => JSON.parse(adapter.text);
  const ratios = subjects.map(() => []);
  for (let pass = 0; pass < Number(passes); pass++) {
    subjects.forEach(([label, arrange, { run, ok }], i) => {
      arrange();
      if (!ok(run())) throw new Error(`${label} refused the ${size} payload`);
      ratios[i].push(compare(base, run, { rounds: 3, warmupMs: pass === 0 ? 300 : 20, batchMs: 25 }).ratio.median);
    });
  }
  validateEnvelope.proof = proof;
  const [counted, walked, peer] = ratios.map(median);
  console.log(`${size}: counted ${counted.toFixed(3)}×  walked ${walked.toFixed(3)}×  typia ${peer.toFixed(3)}×  counted ÷ typia ${(counted / peer).toFixed(3)}  walked ÷ typia ${(walked / peer).toFixed(3)}`);
}
