#!/usr/bin/env node
// `node bench/compile-cost.mjs <runs> <registry dir> …`: what V8 takes to compile every tool's
// adapter.js of each registry, apart from loading, linking and running it. Each run is a fresh
// process per registry (the order reversed every other run) that compiles the sources, their import
// and export lines cut, as scripts; prints per registry the median (min–max) of that CPU time.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import vm from "node:vm";
import { runNode } from "./lib/spawn.mjs";
import { summarize } from "./lib/stats.mjs";

/** CPU milliseconds to compile the registry's adapter modules as scripts, in this process. */
function compileMs(dir) {
  const sources = readdirSync(dir)
    .map((tool) => join(dir, tool, "adapter.js"))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8").replace(/^import[\s\S]*?from "[^"]*";$/m, "").replace(/^export \{[\s\S]*?\};$/m, ""));
  const start = process.cpuUsage();
  for (const [i, source] of sources.entries()) new vm.Script(source, { filename: `adapter-${i}.js` });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const [first, ...rest] = process.argv.slice(2);
if (first === "--child") {
  process.stdout.write(`${compileMs(rest[0])}\n`);
} else if (!(Number(first) > 0) || rest.length === 0) {
  process.stderr.write("usage: node bench/compile-cost.mjs <runs> <registry dir> …\n");
  process.exit(2);
} else {
  const times = rest.map(() => []);
  for (let r = 0; r < Number(first); r++) {
    const order = rest.map((_d, i) => i);
    for (const i of r % 2 === 0 ? order : order.reverse()) {
      times[i].push(await runNode(process.argv[1], ["--child", resolve(rest[i])]));
    }
  }
  for (const [i, dir] of rest.entries()) {
    const { median, min, max } = summarize(times[i]);
    process.stdout.write(`${dir}: compile ${median.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)}) ms CPU\n`);
  }
}
