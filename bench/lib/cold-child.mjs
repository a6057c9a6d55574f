// One cold-start measurement in a fresh process: node boot, then `mode` until every result it
// needs exists. Prints one JSON line. Only tiny modules are imported statically, so `bootMs`
// (time from process start to the first line) is node's own start-up.
import { pathToFileURL } from "node:url";
import { FIXED_REQUEST_ID, NOW, PROJECT_ID, payloadTemplate } from "./payload.mjs";

const bootMs = performance.now();
const [mode, dir, lazyTool, expected] = process.argv.slice(2);
const moduleUrl = (file) => pathToFileURL(`${dir}/${file}`).href;
const render = payloadTemplate("small");

function firstResult(adapter, tool) {
  const started = adapter.call({ project_id: PROJECT_ID }, { now: () => NOW });
  return started.ok && adapter.adapt(render(tool, started.call.request_id), started.call).outcome === "success";
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
  const { loadAdapter } = await import(moduleUrl("lazy.js"));
  const adapter = await loadAdapter(lazyTool);
  const loaded = performance.now();
  return { loaded, built: loaded, ok: firstResult(adapter, lazyTool) ? 1 : 0 };
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

const { loaded, built, ok } = await { eager, lazy, ajv }[mode]();
const done = performance.now();
if (ok !== Number(expected)) throw new Error(`${mode}: ${ok} valid results, expected ${expected}`);
const result = { mode, bootMs, loadMs: loaded - bootMs, compileMs: built - loaded, callsMs: done - built, totalMs: done - bootMs, rssMb: process.memoryUsage().rss / 2 ** 20, ok };
process.stdout.write(`${JSON.stringify(result)}\n`);
