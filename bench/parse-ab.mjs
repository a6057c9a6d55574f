#!/usr/bin/env node
// `node --expose-gc bench/parse-ab.mjs <size> <rounds> <dist A> <dist B> …`: parseStrict of two or more
// built runtimes (copies of packages/runtime/dist, e.g. one from before a change) in one process,
// each as × JSON.parse of the same bench payload: per round, JSON.parse, the build, JSON.parse again,
// for every build in turn; the median of the per-round ratios, wall time. Differences of a few
// percent show here that a whole `npm run bench` run cannot separate from its spread. Issue 19.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { FIXED_REQUEST_ID, payloadText } from "./lib/payload.mjs";

const [size, rounds, ...dists] = process.argv.slice(2);
if (!size || !(Number(rounds) > 0) || dists.length === 0) {
  console.error("usage: node --expose-gc bench/parse-ab.mjs <size> <rounds> <dist A> <dist B> …");
  process.exit(2);
}
const text = payloadText(size, { tool: "bench_result", requestId: FIXED_REQUEST_ID });
// The bench spec's limits (2 MiB, depth 8).
const limits = { maxBytes: 2 * 1024 * 1024, maxDepth: 8 };
const builds = [];
for (const dist of dists) {
  const { parseStrict } = await import(pathToFileURL(resolve(dist, "json/parse.js")).href);
  if (!parseStrict(text, limits).ok) throw new Error(`${dist} refuses the ${size} payload`);
  builds.push({ dist, run: () => parseStrict(text, limits) });
}

// Every result is kept in `sink`, so no call can be dropped as unused.
let sink;
function batch(fn, n) {
  const started = performance.now();
  for (let i = 0; i < n; i++) sink = fn();
  return performance.now() - started;
}
const control = () => JSON.parse(text);
let n = 1;
while (batch(control, n) < 25) n *= 2;
for (const build of builds) batch(build.run, n * 4);
const ratios = builds.map(() => []);
for (let round = 0; round < Number(rounds); round++) {
  builds.forEach((build, i) => {
    globalThis.gc?.();
    const before = batch(control, n);
    const subject = batch(build.run, n);
    const after = batch(control, n);
    ratios[i].push(subject / ((before + after) / 2));
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${size}: ${builds.map((b, i) => `${b.dist} ${median(ratios[i]).toFixed(3)}×`).join("  ")}`);
