// `npm run bench:gen [-- --sizes=200,1000]`: wall time, CPU seconds and peak RSS of the built CLI's
// `gen` over synthetic projects of N specs (lib/gen-project.mjs): a full gen (empty cache), a no-op,
// an edit of one spec and `gen --check` on the unchanged tree; then where a full uncached gen spends
// its time, per stage (lib/gen-stages.mjs, over at most STAGE_SPECS specs: the stages cost the same
// per spec at any size). Prints a Markdown table; asserts nothing.
//
// Every run is `--lint off` (the rows stay comparable with earlier figures) but one: a second edit
// with the tool-selection lint on, as `gen` runs by default. The synthetic specs are copies of five,
// so every copy is a near-duplicate of its siblings: the lint summarizes those (TG522–TG524), one
// warning per tool and kind; its stderr is counted, not kept.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { editOneSpec, writeProject } from "./lib/gen-project.mjs";
import { libDir, repoRoot } from "./lib/paths.mjs";

const CLI = join(repoRoot, "packages/cli/bin/toolgate.js");
const sizeArg = process.argv.find((a) => a.startsWith("--sizes="));
const sizes = (sizeArg ? sizeArg.slice("--sizes=".length) : "200,1000").split(",").map(Number);
const STAGE_SPECS = 200;

/** Runs node under /usr/bin/time: wall and CPU seconds, peak RSS in MB, stdout, and how many lines it wrote to stderr. */
function measured(args, cwd) {
  const report = join(cwd, "time.txt");
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%e %U %S %M", "-o", report, process.execPath, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderrTail = "";
    let stderrLines = 0;
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => {
      const text = String(chunk);
      stderrLines += text.split("\n").length - 1;
      stderrTail = (stderrTail + text).slice(-4096);
    });
    child.on("error", reject);
    child.on("close", async (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(`${args.join(" ")} failed:\n${stderrTail}`));
      const [wall, user, sys, rssKb] = (await readFile(report, "utf8")).trim().split("\n").at(-1).split(" ").map(Number);
      resolve({ wall, cpu: user + sys, rssMb: rssKb / 1024, stdout, code, stderrLines });
    });
  });
}

async function benchSize(count) {
  const dir = await mkdtemp(join(tmpdir(), `toolgate-bench-gen-${count}-`));
  try {
    const specs = await writeProject(dir, count);
    const run = (lint, ...extra) => measured([CLI, "gen", "--quiet", "--lint", lint, "--specs", specs, "--out", join(dir, "generated"), ...extra], dir);
    const gen = (...extra) => run("off", ...extra);
    const rows = { full: await gen(), "no-op": await gen() };
    await editOneSpec(specs, 1);
    rows["one edit"] = await gen();
    rows["--check (unchanged)"] = await gen("--check");
    await editOneSpec(specs, 2);
    rows["one edit, lint on"] = await run("warning");
    const stages = await measured([join(libDir, "gen-stages.mjs"), specs, join(dir, "stages-out"), String(STAGE_SPECS)], dir);
    return { count, rows, stages: JSON.parse(stages.stdout) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const f = (n, digits = 1) => n.toFixed(digits);
const lines = ["| specs | run | wall s | CPU s | peak RSS MB | stderr lines |", "|---:|---|---:|---:|---:|---:|"];
const stageLines = ["| specs | staged | front end s | emitters s | Ajv s | format s | write s |", "|---:|---:|---:|---:|---:|---:|---:|"];
for (const count of sizes) {
  const { rows, stages } = await benchSize(count);
  for (const [run, r] of Object.entries(rows)) lines.push(`| ${count} | ${run} | ${f(r.wall)} | ${f(r.cpu)} | ${f(r.rssMb, 0)} | ${r.stderrLines} |`);
  stageLines.push(`| ${count} | ${Math.min(count, STAGE_SPECS)} | ${f(stages.front)} | ${f(stages.emit)} | ${f(stages.ajv)} | ${f(stages.format)} | ${f(stages.write)} |`);
}
process.stdout.write(`${lines.join("\n")}\n\nPer stage, full uncached gen in one thread over the first ${STAGE_SPECS} specs (CPU-bound; wall seconds):\n\n${stageLines.join("\n")}\n`);
