#!/usr/bin/env node
// `npm run bench [-- --quick] [--sizes=small,medium,medium2b,large,dense] [--cases=adapter,typia,…] [--rounds=N] [--tools=N] [--out=file.md]`
// Builds the benchmark spec and the cold-start registry with the real compiler, runs every case in
// fresh processes, prints the Markdown report and writes it to bench/results/latest.md
// (bench/results/tmp/quick.md for --quick). Progress goes to stderr.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { buildProject } from "./lib/build.mjs";
import { runColdStart } from "./lib/coldstart.mjs";
import { describeEnvironment, parserStatus } from "./lib/environment.mjs";
import { runHotCases } from "./lib/hot.mjs";
import { parseOptions } from "./lib/options.mjs";
import { BENCH_TOOL, generatedDir, META_FILE } from "./lib/paths.mjs";
import { peersDir } from "./lib/peer-cases.mjs";
import { buildPeers } from "./lib/peers/build.mjs";
import { benchSpecText } from "./lib/registry-specs.mjs";
import { renderReport } from "./lib/report.mjs";

const log = (line) => process.stderr.write(`bench: ${line}\n`);

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const env = describeEnvironment();
  if (env.parser.stale) log("warning: packages/runtime/dist/json is older than its source; run `npx tsc -b`");
  const dir = generatedDir(options.quick);
  const build = await buildProject(new Map([[`specs/${BENCH_TOOL}.yaml`, benchSpecText()]]), dir, 1);
  log(`built ${BENCH_TOOL} into ${dir} (${build.cached ? "reused" : `${(build.buildMs / 1000).toFixed(1)} s`})`);
  const meta = JSON.parse(await readFile(join(dir, META_FILE), "utf8")).tools[0];
  const peersMs = await buildPeers(meta, peersDir(dir));
  log(`built the typia and Ajv standalone peers (${peersMs === 0 ? "reused" : `${(peersMs / 1000).toFixed(1)} s`})`);
  const hot = await runHotCases(options, dir, log);
  const cold = await runColdStart(options, log);
  const report = renderReport({ env: { ...env, endLoad: loadavg(), endParser: parserStatus() }, options, hot, cold });
  await mkdir(dirname(options.out), { recursive: true });
  await writeFile(options.out, `${report}\n`);
  process.stdout.write(`${report}\n`);
  log(`wrote ${options.out}`);
}

main().catch((error) => {
  process.stderr.write(`bench: failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
