// Per-stage CPU of one in-memory compile over N copies of specs/ (hooks left out: the hook check is
// a project-wide TypeScript program, not per-file cost), for each compiler build named on the command
// line, alternating builds round by round so load on a shared machine hits them alike.
//   node bench/emit-stages.mjs [--copies=100] [--rounds=2] [compiler-dist ...]   (default: packages/compiler/dist)
// Stages come from the compiler's stage sink (`setStageSink`) when the build has one; the rest of
// the compile's CPU is "other". Figures print; nothing is asserted.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const builds = args.filter((a) => !a.startsWith("--"));
const root = resolve(import.meta.dirname, "..");
if (builds.length === 0) builds.push(join(root, "packages/compiler/dist"));

/** The example specs, `copies` times over, each copy's tool renamed; the shared schemas once. */
function syntheticTree(copies) {
  const files = new Map();
  const specs = [];
  const dir = join(root, "specs");
  for (const name of readdirSync(join(dir, "schemas"))) files.set(`specs/schemas/${name}`, readFileSync(join(dir, "schemas", name), "utf8"));
  const originals = readdirSync(dir).filter((n) => n.endsWith(".yaml"));
  for (let i = 0; i < copies; i++) {
    for (const name of originals) {
      const tool = `${name.slice(0, -5)}_c${i}`;
      const text = readFileSync(join(dir, name), "utf8").replace(/^tool: .*$/m, `tool: ${tool}`).replace(/^ {2}- hook: .*\n/m, "");
      files.set(`specs/${tool}.yaml`, text);
      specs.push(`specs/${tool}.yaml`);
    }
  }
  return { files, specs };
}

async function measure(dist, input) {
  const compiler = await import(pathToFileURL(join(dist, "index.js")).href);
  const stages = new Map();
  compiler.setStageSink?.((stage, ms) => stages.set(stage, (stages.get(stage) ?? 0) + ms));
  const cpu = process.cpuUsage();
  const out = await compiler.compile(input);
  const { user, system } = process.cpuUsage(cpu);
  compiler.setStageSink?.(undefined);
  const errors = out.diagnostics.filter((d) => d.severity === "error").length;
  return { total: (user + system) / 1000, stages, files: out.files.length, errors };
}

const input = syntheticTree(option("copies", 100));
const rounds = option("rounds", 2);
const rows = new Map(builds.map((b) => [b, []]));
for (let r = 0; r < rounds; r++) for (const b of builds) rows.get(b).push(await measure(b, input));
console.log(`${input.specs.length} specs, ${rounds} rounds; CPU ms of the best round (by total) per build`);
for (const [b, runs] of rows) {
  const best = runs.sort((x, y) => x.total - y.total)[0];
  const staged = [...best.stages].sort(([a], [z]) => (a < z ? -1 : 1));
  const other = best.total - staged.reduce((s, [, ms]) => s + ms, 0);
  console.log(`\n${b}: ${best.files} files, ${best.errors} errors, total ${best.total.toFixed(0)} ms`);
  for (const [stage, ms] of [...staged, ["other", other]]) console.log(`  ${stage.padEnd(18)} ${ms.toFixed(0).padStart(8)} ms ${((ms / best.total) * 100).toFixed(1).padStart(5)} %`);
}
