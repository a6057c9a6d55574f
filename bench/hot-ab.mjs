#!/usr/bin/env node
// `node --expose-gc bench/hot-ab.mjs <runs> <dir> <dir> <size> …`: the bench tool's adapt() on
// pre-issued calls as built in two bench directories (each made by `npm run bench`, one copied
// aside), against typia's pipeline. Each run starts one fresh process per build, the order reversed
// every other run; a process times typia and the adapter, × JSON.parse of the same payload, and the
// build is judged by adapt() ÷ typia of its own process. One process per build, because two
// adapters in one process share the runtime's call sites, which slows whichever runs second. typia's
// code is the first directory's. Prints per size and build the medians over the runs.
import { readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { CASES } from "./lib/cases.mjs";
import { BENCH_TOOL, META_FILE } from "./lib/paths.mjs";
import { runNode } from "./lib/spawn.mjs";
import { median } from "./lib/stats.mjs";
import { compare } from "./lib/timing.mjs";

/** One process: typia's and the adapter's ratios to JSON.parse, medians of three passes. */
async function child(dir, peersDir, size) {
  const meta = JSON.parse(readFileSync(join(dir, META_FILE), "utf8")).tools.find((t) => t.tool === BENCH_TOOL);
  // typia's first: its setup captures the adapter's checks as the module loads (lib/peers/pipeline.mjs).
  const subjects = [await CASES.typia.setup({ dir: peersDir, size, meta }), await CASES.adapter_pre.setup({ dir, size, meta })];
  const base = () => JSON.parse(subjects[1].text);
  const ratios = subjects.map(() => []);
  for (let pass = 0; pass < 3; pass++) {
    subjects.forEach(({ run, ok }, i) => {
      if (!ok(run())) throw new Error(`the ${size} payload was refused`);
      ratios[i].push(compare(base, run, { rounds: 3, warmupMs: pass === 0 ? 300 : 20, batchMs: 25 }).ratio.median);
    });
  }
  return ratios.map(median);
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  process.stdout.write(`${JSON.stringify(await child(args[1], args[2], args[3]))}\n`);
} else if (!(Number(args[0]) > 0) || args.length < 4) {
  process.stderr.write("usage: node --expose-gc bench/hot-ab.mjs <runs> <dir> <dir> <size> …\n");
  process.exit(2);
} else {
  const [runs, ...rest] = args;
  const dirs = rest.slice(0, 2).map((d) => resolve(d));
  for (const size of rest.slice(2)) {
    const rows = dirs.map(() => ({ adapter: [], typia: [], quotient: [] }));
    for (let r = 0; r < Number(runs); r++) {
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const [typia, adapter] = await runNode(process.argv[1], ["--child", dirs[i], dirs[0], size], ["--expose-gc"]);
        rows[i].adapter.push(adapter);
        rows[i].typia.push(typia);
        rows[i].quotient.push(adapter / typia);
      }
    }
    const cells = dirs.map((d, i) => `${basename(d)}: adapt() ${median(rows[i].adapter).toFixed(3)}×, typia ${median(rows[i].typia).toFixed(3)}×, ÷ typia ${median(rows[i].quotient).toFixed(3)}`);
    process.stdout.write(`${size}: ${cells.join(" | ")}\n`);
  }
}
