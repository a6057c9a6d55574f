#!/usr/bin/env node
// `node --expose-gc bench/colon-hops.mjs [--sizes=small,medium,medium2b,large,dense]` (after `npm run build`):
// ways to count the members of a JSON text from its characters, each as × JSON.parse of the same text
// (median of 9 rounds of interleaved batches, wall time, one process per payload). The fast path's
// duplicate proof reads the text once per member; this is what each way of doing that costs.
// Issue 19; the figures are in bench/README.md.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { FIXED_REQUEST_ID, payloadText, SIZE_NAMES } from "./lib/payload.mjs";

const { colonsAfterQuotes } = await import(new URL("../packages/runtime/dist/json/hops.js", import.meta.url).href);
const WHITESPACE_COLON = /[ \t\n\r]:/;
const QUOTE_COLON = /":/g;

/** Each returns the number of `":` in the text (or -1 where a colon follows whitespace). */
const WAYS = {
  "colonsAfterQuotes (kept): indexOf(':') + charCodeAt before it": (t) => colonsAfterQuotes(t),
  "indexOf('\":') hops": (t) => {
    let count = 0;
    for (let at = t.indexOf('":'); at >= 0; at = t.indexOf('":', at + 2)) count++;
    return count;
  },
  "global regex /\":/g, test() per match": (t) => {
    QUOTE_COLON.lastIndex = 0;
    let count = 0;
    while (QUOTE_COLON.test(t)) count++;
    return count;
  },
  "split('\":') + one whitespace-colon regex": (t) => (WHITESPACE_COLON.test(t) ? -1 : t.split('":').length - 1),
  "replaceAll('\":', '') + one whitespace-colon regex": (t) => (WHITESPACE_COLON.test(t) ? -1 : (t.length - t.replaceAll('":', "").length) / 2),
  "the whitespace-colon regex alone": (t) => (WHITESPACE_COLON.test(t) ? -1 : 0),
};

const now = () => performance.now();
function batch(fn, text, n) {
  const t = now();
  for (let i = 0; i < n; i++) fn(text);
  return now() - t;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function measure(size) {
  const text = payloadText(size, { tool: "bench_result", requestId: FIXED_REQUEST_ID });
  const ways = Object.entries(WAYS);
  const counts = new Set(ways.slice(0, 5).map(([, fn]) => fn(text)));
  if (counts.size !== 1) throw new Error(`the ways disagree on ${size}: ${[...counts]}`);
  let n = 1;
  while (batch(JSON.parse, text, n) < 30) n *= 2;
  const samples = ways.map(() => []);
  for (let round = 0; round < 9; round++) {
    ways.forEach(([, fn], i) => {
      globalThis.gc?.();
      const base = batch(JSON.parse, text, n);
      samples[i].push(batch(fn, text, n) / base);
    });
  }
  return ways.map(([name], i) => [name, median(samples[i])]);
}

const arg = process.argv.find((a) => a.startsWith("--sizes="));
if (process.argv[2] === "--child") {
  console.log(JSON.stringify(measure(process.argv[3])));
} else {
  const sizes = arg ? arg.slice(8).split(",") : SIZE_NAMES;
  const columns = sizes.map((size) => JSON.parse(execFileSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--child", size], { encoding: "utf8" })));
  console.log(`| × JSON.parse | ${sizes.join(" | ")} |\n| --- |${sizes.map(() => " ---: |").join("")}`);
  for (const [i, [name]] of columns[0].entries()) console.log(`| ${name} | ${columns.map((c) => `${c[i][1].toFixed(2)}×`).join(" | ")} |`);
}
