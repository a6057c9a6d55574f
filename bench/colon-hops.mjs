#!/usr/bin/env node
// `node --expose-gc bench/colon-hops.mjs [--sizes=small,medium,medium2b,large,dense]` (after `npm run build`):
// ways to count the members of a JSON text from its characters, each as × JSON.parse of the same text
// (lib/timing.mjs: median of 9 per-round ratios, one process per payload). The fast path's
// duplicate proof reads the text once per member; this is what each way of doing that costs.
// Issue 19; the figures are in bench/README.md.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { FIXED_REQUEST_ID, payloadText, SIZE_NAMES } from "./lib/payload.mjs";
import { compare } from "./lib/timing.mjs";

const { colonsAfterQuotes } = await import(new URL("../packages/runtime/dist/json/hops.js", import.meta.url).href);
const WHITESPACE_COLON = /[ \t\n\r]:/;
const QUOTE_COLON = /":/g;
const TIMING = { rounds: 9, warmupMs: 200, batchMs: 40 };

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

function measure(size) {
  const text = payloadText(size, { tool: "bench_result", requestId: FIXED_REQUEST_ID });
  const ways = Object.entries(WAYS);
  const counts = new Set(ways.slice(0, 5).map(([, fn]) => fn(text)));
  if (counts.size !== 1) throw new Error(`the ways disagree on ${size}: ${[...counts]}`);
  const base = () => JSON.parse(text);
  return ways.map(([name, fn]) => [name, compare(base, () => fn(text), TIMING).ratio.median]);
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
