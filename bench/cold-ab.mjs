#!/usr/bin/env node
// `node bench/cold-ab.mjs <eager|lazy> <runs> <dir> <dir> …`: the cold-start child against several
// registries (absolute paths under bench/, so @toolgate/runtime resolves), one process each in
// turn, the order reversed every other run, so a slow spell of the shared box hits every registry.
// Prints per registry the median (min–max) of wall time, its load part and main-thread CPU time.
import { readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { libDir, META_FILE } from "./lib/paths.mjs";
import { runNode } from "./lib/spawn.mjs";
import { summarize } from "./lib/stats.mjs";

const [mode, runs, ...dirs] = process.argv.slice(2);
if (!["eager", "lazy"].includes(mode) || !(Number(runs) > 0) || dirs.length === 0) {
  process.stderr.write("usage: node bench/cold-ab.mjs <eager|lazy> <runs> <registry dir> …\n");
  process.exit(2);
}

/** The last tool of a registry (the one the lazy mode loads) and how many results eager must give. */
async function registryOf(dir) {
  const { tools } = JSON.parse(await readFile(join(dir, META_FILE), "utf8"));
  return { last: tools.at(-1).tool, expected: mode === "lazy" ? 1 : tools.length };
}

const registries = await Promise.all(dirs.map(registryOf));
const results = dirs.map(() => []);
for (let r = 0; r < Number(runs); r++) {
  const order = dirs.map((_d, i) => i);
  for (const i of r % 2 === 0 ? order : order.reverse()) {
    const { last, expected } = registries[i];
    results[i].push(await runNode(join(libDir, "cold-child.mjs"), [mode, dirs[i], last, String(expected)]));
  }
}
const cell = (list, key) => {
  const { median, min, max } = summarize(list.map((x) => x[key]));
  return `${median.toFixed(1)} (${min.toFixed(1)}–${max.toFixed(1)}) ms`;
};
for (const [i, dir] of dirs.entries()) {
  process.stdout.write(`${basename(dir)}: total ${cell(results[i], "totalMs")}, load ${cell(results[i], "loadMs")}, main-thread CPU ${cell(results[i], "cpuMs")}\n`);
}
