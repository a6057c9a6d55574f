#!/usr/bin/env node
// `node bench/parse-strict.mjs [--rounds=N] [--sizes=small,medium,medium2b,large,dense] [--cases=…]`
// parseStrict, the parseStrict before the fast path ("before", its exact path alone), and call() + adapt() as × JSON.parse
// ("vsBefore": parseStrict × before, both in one process) of the same text (median of per-round ratios, min–max),
// each (case, payload) in a fresh `node --expose-gc` process; each round's ratio is of the fastest
// of a few short batches of each, in on-CPU time (see compareMin). "floor" is the pipeline without the strict parse: JSON.parse,
// the generated validator, the envelope's request id, the generated checks and selector — the shape
// of a typia-style pipeline built from toolgate's own parts. Imports the built packages: run
// `npm run build` first. Issue 19; the attempts table is in bench/README.md.
import { register } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseStrict } from "@toolgate/runtime";
import { buildProject } from "./lib/build.mjs";
import { BENCH_EXPORT, BENCH_TOOL, generatedDir } from "./lib/paths.mjs";
import { FIXED_REQUEST_ID, NOW, payloadText, PROJECT_ID, SIZES } from "./lib/payload.mjs";
import { benchSpecText } from "./lib/registry-specs.mjs";
import { runNode } from "./lib/spawn.mjs";
import { summarize } from "./lib/stats.mjs";

const INPUT = { project_id: PROJECT_ID };
// The limits the bench spec declares (2 MiB, depth 8), for parseStrict alone.
const LIMITS = { maxBytes: 2 * 1024 * 1024, maxDepth: 8 };
const CASES = ["parseStrict", "before", "vsBefore", "adapt", "floor"];

/** The baseline: parseStrict as it was before the fast path, which is now its exact path. */
async function parseBefore() {
  const dist = new URL("../packages/runtime/dist/json/", import.meta.url);
  const { rawLoneSurrogate, toText } = await import(new URL("decode.js", dist).href);
  const { parseExact } = await import(new URL("exact.js", dist).href);
  return (input, limits) => {
    const text = toText(input, limits.maxBytes);
    return typeof text === "string" ? (rawLoneSurrogate(input) ?? parseExact(text, limits)) : text;
  };
}

/** One cell: `{ text, run, ok }` as lib/cases.mjs sets them up. */
async function setup({ caseName, size, dirs }) {
  const adapterUrl = pathToFileURL(join(dirs[BENCH_TOOL], BENCH_TOOL, "adapter.js")).href;
  if (caseName === "floor") register(new URL("./lib/capture/hooks.mjs", import.meta.url));
  const adapter = (await import(adapterUrl))[BENCH_EXPORT];
  const context = { now: () => NOW };
  const text = payloadText(size, { tool: BENCH_TOOL, requestId: FIXED_REQUEST_ID });
  // adapt() concludes a call once (a second adapt of it is refused), so each run issues its own call.
  const adapt = () => adapter.adapt(text, adapter.call(INPUT, context, { requestId: FIXED_REQUEST_ID }).call);
  if (caseName === "adapt") return { text, run: adapt, ok: (r) => r.outcome === "success" };
  if (caseName === "parseStrict") return { text, run: () => parseStrict(text, LIMITS), ok: (r) => r.ok === true };
  if (caseName === "before" || caseName === "vsBefore") {
    const before = await parseBefore();
    const run = () => before(text, LIMITS);
    // vsBefore: parseStrict against the baseline itself, interleaved in one process (a steadier A/B).
    if (caseName === "vsBefore") return { text, base: run, run: () => parseStrict(text, LIMITS), ok: (r) => r.ok === true };
    return { text, run, ok: (r) => r.ok === true };
  }
  const { definitions } = await import("./lib/capture/runtime.mjs");
  const def = definitions.find((d) => d.tool === BENCH_TOOL);
  const run = () => {
    const doc = JSON.parse(text);
    if (!def.validateResponse(doc) || doc.request_id !== FIXED_REQUEST_ID) return undefined;
    return def.bind(doc.data, INPUT, NOW) ?? def.semantic(doc.data, INPUT, NOW) ?? def.select(doc.data);
  };
  return { text, run, ok: (view) => view !== undefined && typeof view === "object" };
}

/** Results are kept here so V8 cannot drop the work as dead code. */
let sink;

/** Nanoseconds of CPU this process has used (its V8 helper threads too): time lost to other processes is not in it. */
const onCpuNs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};

function nsPerCall(fn, iterations) {
  globalThis.gc();
  const start = onCpuNs();
  for (let i = 0; i < iterations; i++) sink = fn();
  return (onCpuNs() - start) / iterations;
}

function iterationsFor(fn, batchMs) {
  const end = performance.now() + batchMs;
  let n = 0;
  while (performance.now() < end) (sink = fn()), n++;
  return Math.max(1, n);
}

/**
 * Per round, the fastest of `tries` short alternating batches of each, in on-CPU time: on a box
 * where 8 processes share 2 CPUs wall time mostly measures the others' load, and a batch whose
 * caches were flushed is slower, never faster. The ratio of the two minima is the round's figure.
 */
function compareMin(base, subject, { rounds, tries, warmupMs, batchMs }) {
  iterationsFor(base, warmupMs);
  iterationsFor(subject, warmupMs);
  const n = { base: iterationsFor(base, batchMs), subject: iterationsFor(subject, batchMs) };
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    let b = Infinity;
    let s = Infinity;
    for (let t = 0; t < tries; t++) {
      b = Math.min(b, nsPerCall(base, n.base));
      s = Math.min(s, nsPerCall(subject, n.subject));
    }
    ratios.push(s / b);
  }
  return summarize(ratios);
}

async function child(config) {
  const { text, run, ok, base } = await setup(config);
  if (!ok(run()) || (base && !ok(base()))) throw new Error(`${config.caseName} rejected the ${config.size} payload`);
  const ratio = compareMin(base ?? (() => JSON.parse(text)), run, config.timing);
  process.stdout.write(`${JSON.stringify({ ...config, bytes: Buffer.byteLength(text), ratio, sinkType: typeof sink })}\n`);
}

const option = (args, name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const fmt = (r) => `${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)})`;

async function main(args) {
  const rounds = Number(option(args, "rounds", "7"));
  const sizes = option(args, "sizes", Object.keys(SIZES).join(",")).split(",");
  const cases = option(args, "cases", CASES.join(",")).split(",");
  const dirs = { [BENCH_TOOL]: generatedDir(false) };
  await buildProject(new Map([[`specs/${BENCH_TOOL}.yaml`, benchSpecText()]]), dirs[BENCH_TOOL], 1);
  const script = fileURLToPath(import.meta.url);
  const timing = { rounds, tries: 5, warmupMs: 400, batchMs: 30 };
  const header = ["payload", "bytes", ...cases.map((c) => (c === "vsBefore" ? "parseStrict × before" : `${c} × JSON.parse`)), ...(cases.includes("adapt") && cases.includes("floor") ? ["adapt / floor"] : [])];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const size of sizes) {
    const cells = {};
    for (const caseName of cases) cells[caseName] = await runNode(script, ["--child", JSON.stringify({ caseName, size, dirs, timing })], ["--expose-gc"]);
    const ratio = cells.adapt && cells.floor ? [(cells.adapt.ratio.median / cells.floor.ratio.median).toFixed(2)] : [];
    const row = [SIZES[size].label, Object.values(cells)[0].bytes, ...cases.map((c) => fmt(cells[c].ratio)), ...ratio];
    lines.push(`| ${row.join(" | ")} |`);
    process.stderr.write(`parse-strict: ${size} done\n`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

const args = process.argv.slice(2);
if (args[0] === "--child") await child(JSON.parse(args[1]));
else await main(args);
