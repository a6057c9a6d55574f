// Cold start of an N-tool registry: build it once, then each mode in fresh processes, modes
// interleaved across runs so a slow spell of the shared box does not hit one mode only.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { buildProject } from "./build.mjs";
import { libDir, registryDir } from "./paths.mjs";
import { registrySpecs, registryToolName } from "./registry-specs.mjs";
import { runNode } from "./spawn.mjs";
import { summarize } from "./stats.mjs";

export const COLD_MODES = {
  eager: "eager: import generated index + one result per tool",
  lazy: "lazy: one tool via lazy.js to its first result",
  ajv: "baseline: Ajv compiles every schema at start-up + validates once each",
};
// cpuMs: the main thread's own CPU time, steadier than wall time on a loaded box (cold-child.mjs).
const METRICS = ["bootMs", "loadMs", "compileMs", "callsMs", "totalMs", "cpuMs", "rssMb"];

/** The lazy path's parts: registry import, adapter modules, call() (the first id), adapt(); then their CPU time. */
export const LAZY_PHASES = ["registryMs", "adapterMs", "callMs", "adaptMs", "registryCpuMs", "adapterCpuMs", "firstResultCpuMs"];

function summarizeRuns(runs) {
  const phases = runs[0]?.phases ? Object.fromEntries(LAZY_PHASES.map((p) => [p, summarize(runs.map((r) => r.phases[p]))])) : undefined;
  return { ...Object.fromEntries(METRICS.map((m) => [m, summarize(runs.map((r) => r[m]))])), phases };
}

export async function runColdStart({ quick, profile }, log) {
  const tools = profile.tools;
  const dir = registryDir(quick, tools);
  log(`cold start: building ${tools} tools into ${dir} (reused when unchanged)`);
  const build = await buildProject(registrySpecs(tools), dir, availableParallelism());
  log(`cold start: build ${build.cached ? "reused" : "done"} (${(build.buildMs / 1000).toFixed(1)} s when built)`);
  const runs = Object.fromEntries(Object.keys(COLD_MODES).map((m) => [m, []]));
  for (let r = 0; r < profile.coldRuns; r++) {
    for (const mode of Object.keys(COLD_MODES)) {
      // A lazy run takes milliseconds, so it gets more samples: its median is the noisiest figure.
      for (let k = 0; k < (mode === "lazy" ? profile.lazyRepeats : 1); k++) {
        const expected = mode === "lazy" ? 1 : tools;
        const result = await runNode(join(libDir, "cold-child.mjs"), [mode, dir, registryToolName(tools - 1), String(expected)]);
        log(`cold start ${mode} run ${runs[mode].length + 1}: ${result.totalMs.toFixed(0)} ms`);
        runs[mode].push(result);
      }
    }
  }
  const modes = Object.fromEntries(Object.entries(runs).map(([m, list]) => [m, { ...summarizeRuns(list), runs: list.length, ok: list[0].ok }]));
  return { tools, build, modes };
}
