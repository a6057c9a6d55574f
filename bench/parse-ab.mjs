#!/usr/bin/env node
// `node --expose-gc bench/parse-ab.mjs <size> <passes> <dist A> <dist B> …`: parseStrict of two or more
// built runtimes (copies of packages/runtime/dist, e.g. one from before a change) in one process,
// each as × JSON.parse of the same bench payload (lib/timing.mjs's interleaved rounds, three per
// pass, every build in turn); the median over the passes. Differences of a few
// percent show here that a whole `npm run bench` run cannot separate from its spread. Issue 19.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { FIXED_REQUEST_ID, payloadText } from "./lib/payload.mjs";
import { median } from "./lib/stats.mjs";
import { compare } from "./lib/timing.mjs";

const [size, passes, ...dists] = process.argv.slice(2);
if (!size || !(Number(passes) > 0) || dists.length === 0) {
  console.error("usage: node --expose-gc bench/parse-ab.mjs <size> <passes> <dist A> <dist B> …");
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

// Passes of a few rounds each, every build in turn, so a slow minute of the machine falls on all of them.
const base = () => JSON.parse(text);
const ratios = builds.map(() => []);
for (let pass = 0; pass < Number(passes); pass++) {
  builds.forEach((build, i) => ratios[i].push(compare(base, build.run, { rounds: 3, warmupMs: pass === 0 ? 300 : 20, batchMs: 25 }).ratio.median));
}
console.log(`${size}: ${builds.map((b, i) => `${b.dist} ${median(ratios[i]).toFixed(3)}×`).join("  ")}`);
