// One cold-start measurement in a fresh process: node boot, then `mode` until every result it
// needs exists. Prints one JSON line. Only tiny modules are imported statically, so `bootMs`
// (time from process start to the first line) is node's own start-up.
import { pathToFileURL } from "node:url";
import { FIXED_REQUEST_ID, NOW, PROJECT_ID, payloadTemplate } from "./payload.mjs";

const bootMs = performance.now();
/**
 * Milliseconds this thread has run on a CPU (Linux schedstat; NaN elsewhere). On the shared box a
 * cold start's wall time is mostly other processes' load; its own CPU time is the steadier figure.
 */
function threadCpuMs() {
  try {
    return Number(process.getBuiltinModule("node:fs").readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}
const [mode, dir, lazyTool, expected] = process.argv.slice(2);
const moduleUrl = (file) => pathToFileURL(`${dir}/${file}`).href;
const render = payloadTemplate("small");
// Rendering the upstream's text is the bench's own work: every mode is timed from here.
const startMs = performance.now();
const startCpuMs = threadCpuMs();

/** One call and its result; `phases` (when given) gets the time of each. */
function firstResult(adapter, tool, phases) {
  const t0 = performance.now();
  const started = adapter.call({ project_id: PROJECT_ID }, { now: () => NOW });
  const callMs = performance.now() - t0;
  // Splicing the id into the upstream's text is the bench's work, so it is outside both parts.
  const text = started.ok ? render(tool, started.call.request_id) : "";
  const t1 = performance.now();
  const ok = started.ok && adapter.adapt(text, started.call).outcome === "success";
  if (phases) Object.assign(phases, { callMs, adaptMs: performance.now() - t1 });
  return ok;
}

/** Imports the generated index (every adapter), then one result from each tool. */
async function eager() {
  const { adapters } = await import(moduleUrl("index.js"));
  const loaded = performance.now();
  const ok = Object.entries(adapters).filter(([tool, adapter]) => firstResult(adapter, tool)).length;
  return { loaded, built: loaded, ok };
}

/** Loads one tool through the generated lazy registry and produces its first result. */
async function lazy() {
  const [t0, c0] = [performance.now(), threadCpuMs()];
  const { loadAdapter } = await import(moduleUrl("lazy.js"));
  const [t1, c1] = [performance.now(), threadCpuMs()];
  const adapter = await loadAdapter(lazyTool);
  const [loaded, c2] = [performance.now(), threadCpuMs()];
  const phases = { registryMs: t1 - t0, adapterMs: loaded - t1, registryCpuMs: c1 - c0, adapterCpuMs: c2 - c1 };
  const ok = firstResult(adapter, lazyTool, phases) ? 1 : 0;
  return { loaded, built: loaded, ok, phases: { ...phases, firstResultCpuMs: threadCpuMs() - c2 } };
}

/** The baseline: Ajv compiles every tool's envelope schema at start-up, then validates one result each. */
async function ajv() {
  const { readFile } = await import("node:fs/promises");
  const { compileWithAjv } = await import("./naive.mjs");
  const { tools } = JSON.parse(await readFile(`${dir}/bench-meta.json`, "utf8"));
  const loaded = performance.now();
  const validators = compileWithAjv(tools);
  const built = performance.now();
  const ok = tools.filter((tool, i) => validators[i](JSON.parse(render(tool.tool, FIXED_REQUEST_ID)))).length;
  return { loaded, built, ok };
}

const { loaded, built, ok, phases } = await { eager, lazy, ajv }[mode]();
const done = performance.now();
const cpuMs = threadCpuMs() - startCpuMs;
if (ok !== Number(expected)) throw new Error(`${mode}: ${ok} valid results, expected ${expected}`);
const result = { mode, bootMs, loadMs: loaded - startMs, compileMs: built - loaded, callsMs: done - built, totalMs: done - startMs, cpuMs, rssMb: process.memoryUsage().rss / 2 ** 20, ok, phases };
process.stdout.write(`${JSON.stringify(result)}\n`);
