// The Markdown report: hot-path ratios, absolute times, quiet-round ratios, targets, cold start.
import { CASES } from "./cases.mjs";
import { COLD_MODES } from "./coldstart.mjs";
import { strictnessLines, versusTypiaLines } from "./report-peers.mjs";
import { SIZES } from "./payload.mjs";
import { summarize } from "./stats.mjs";
import { evaluateTargets } from "./targets.mjs";

const x = (v) => `${v.toFixed(2)}×`;
const range = (s, f) => `${f(s.median)} [${f(s.min)}–${f(s.max)}]`;
const time = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(1)} µs`);
const ms = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
const row = (cells) => `| ${cells.join(" | ")} |`;

function hotTable(hot, sizes, title, cell) {
  const bytes = (size) => hot.find((r) => r.size === size)?.bytes ?? 0;
  const lines = [row(["case", ...sizes.map((s) => `${SIZES[s].label} (${bytes(s).toLocaleString("en")} B)`)]), row(["---", ...sizes.map(() => "---:")])];
  lines.push(row(["JSON.parse per op: median of all processes [min–max]", ...sizes.map((s) => range(summarize(hot.filter((r) => r.size === s).map((r) => r.baseNs.median)), time))]));
  for (const [name, { label }] of Object.entries(CASES)) {
    lines.push(row([label, ...sizes.map((s) => { const r = hot.find((h) => h.caseName === name && h.size === s); return r ? cell(r) : "–"; })]));
  }
  return [`### ${title}`, "", ...lines, ""];
}

function targetLines(targets, parser) {
  const lines = [row(["target", "limit", "measured (per size)", "verdict"]), row(["---", "---", "---", "---"])];
  for (const t of targets) {
    const verdict = t.met === undefined ? t.note ?? "not measured" : t.met ? "met" : "**missed**";
    lines.push(row([t.name, t.limit, t.values?.join(" / ") ?? "–", verdict]));
  }
  const note = `parseStrict and both adapter rows measured the runtime's strict parser as built (packages/runtime/dist/json fingerprint ${parser.fingerprint}).`;
  return ["### Targets (issue 3)", "", ...lines, "", note, ""];
}

function coldLines(cold) {
  const b = cold.build;
  const lines = [row(["mode", "node boot ms", "load ms", "compile ms", "calls ms", "total ms (excl. boot)", "main-thread CPU ms", "RSS MB", "valid results"]), row(["---", ...Array(8).fill("---:")])];
  for (const [mode, label] of Object.entries(COLD_MODES)) {
    const m = cold.modes[mode];
    lines.push(row([label, ms(m.bootMs), ms(m.loadMs), ms(m.compileMs), ms(m.callsMs), ms(m.totalMs), ms(m.cpuMs), m.rssMb.median.toFixed(0), String(m.ok)]));
  }
  const built = `Build (setup, not part of any row): ${cold.tools} specs compiled with the real compiler and transpiled in ${(b.buildMs / 1000).toFixed(1)} s wall on ${b.workers} worker(s) (compile ${(b.compileCpuMs / 1000).toFixed(1)} s + transpile ${(b.transpileCpuMs / 1000).toFixed(1)} s summed over workers)${b.cached ? ", reused from an earlier run" : ""}; ${b.files} files, ${(b.bytes / 2 ** 20).toFixed(1)} MiB of JS, ${(b.adapterBytes / 1024).toFixed(0)} KiB adapter.js (validators included) per tool.`;
  const p = cold.modes.lazy.phases;
  const parts = `Lazy path, median per part: import lazy.js ${ms(p.registryMs)}, loadAdapter (adapter, selector, validators, runtime) ${ms(p.adapterMs)}, call() ${ms(p.callMs)} (includes the first request id), adapt() ${ms(p.adaptMs)}; main-thread CPU: lazy.js ${ms(p.registryCpuMs)}, loadAdapter ${ms(p.adapterCpuMs)}, call() + adapt() ${ms(p.firstResultCpuMs)}.`;
  return [`### Cold start: ${cold.tools} tools, fresh process each, median (min–max) of ${cold.modes.eager.runs} processes per mode (${cold.modes.lazy.runs} for lazy)`, "", ...lines, "", parts, "", built, ""];
}

export function renderReport({ env, options, hot, cold }) {
  const { sizes } = options;
  const header = [
    `## toolgate benchmark (${options.quick ? "QUICK smoke profile: too few rounds for conclusions" : "full profile"})`,
    "",
    `${env.date} · node ${env.node} (V8 ${env.v8}) · ${env.cpu} · load average ${env.loadAverage.map((l) => l.toFixed(2)).join(" ")} at start, ${env.endLoad.map((l) => l.toFixed(2)).join(" ")} at end`,
    "",
    ...(env.parser.stale ? ["**Warning:** packages/runtime/dist/json is older than its source; run `npx tsc -b` before benchmarking.", ""] : []),
    ...(env.parser.fingerprint !== env.endParser.fingerprint ? ["**Warning:** packages/runtime/dist/json changed during the run; the parser rows mix two builds.", ""] : []),
    "Each cell is one fresh process timing the case against `JSON.parse` of the same text in interleaved rounds; × = median of per-round ratios [min–max]. Method: bench/README.md.",
    "",
  ];
  return [
    ...header,
    ...hotTable(hot, sizes, "Hot path: × JSON.parse", (r) => range(r.ratio, x)),
    ...versusTypiaLines(hot, sizes),
    ...strictnessLines(hot),
    ...hotTable(hot, sizes, "Hot path: time per call, median of rounds", (r) => time(r.subjectNs.median)),
    ...hotTable(hot, sizes, "Quiet rounds only (both batches < 5 % CPU wait): median × (quiet rounds/rounds)", (r) => `${r.quiet.ratio ? x(r.quiet.ratio.median) : "–"} (${r.quiet.rounds}/${r.rounds})`),
    ...targetLines(evaluateTargets(hot, cold, sizes), env.parser),
    ...coldLines(cold),
  ].join("\n");
}
