// Where the benchmark reads and writes; every path is absolute so child processes can run anywhere.
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";

export const benchDir = resolve(fileURLToPath(import.meta.url), "../..");
export const repoRoot = resolve(benchDir, "..");
export const specsDir = join(benchDir, "specs");
export const resultsDir = join(benchDir, "results");
export const libDir = join(benchDir, "lib");
/** Written by the build next to the generated code: what the run-time baselines need per tool. */
export const META_FILE = "bench-meta.json";

/** Generated code must live inside the repo so `@toolgate/runtime` resolves from node_modules. */
export const generatedDir = (quick) => join(benchDir, quick ? ".generated-quick" : ".generated");
export const registryDir = (quick, tools) => `${generatedDir(quick)}-${tools}`;

/** The tool the hot-path cases use, and its adapter's export name. */
export const BENCH_TOOL = "bench_result";
export const BENCH_EXPORT = "benchResult";
