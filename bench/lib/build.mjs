// The build step of a bench run: specs → the real compiler → JavaScript in a gitignored directory.
// The output is reused while the specs, the compiler and this build code are unchanged.
import { DEFAULT_EMITTERS } from "@toolgate/compiler";
import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { Worker } from "node:worker_threads";
import { compileChunk } from "./compile-chunk.mjs";
import { benchDir, libDir, META_FILE, repoRoot } from "./paths.mjs";
// Internal, by path: the exact schema document the generated validator is built from, so the
// run-time Ajv baselines validate against the same schema.
import { ROOT_KEYS } from "../../packages/compiler/dist/codegen/names.js";
import { validatorDocument } from "../../packages/compiler/dist/emit/validators.js";

const BUILD_RECORD = ".build.json";

async function hashFiles(hash, dir, suffix) {
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith(suffix)).sort();
  for (const name of names) hash.update(name).update(await readFile(join(dir, name)));
}

async function cacheKey(specs) {
  const hash = createHash("sha256");
  for (const [path, text] of [...specs].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(path).update(text);
  for (const dir of ["packages/compiler/dist", "packages/spec/dist"]) await hashFiles(hash, join(repoRoot, dir), ".js");
  for (const file of ["build.mjs", "build-worker.mjs", "compile-chunk.mjs"]) hash.update(await readFile(join(libDir, file)));
  return hash.digest("hex");
}

function inWorker(workerData) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./build-worker.mjs", import.meta.url), { workerData });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`build worker exited with ${code}`)));
  });
}

const chunksOf = (paths, count) => Array.from({ length: count }, (_, i) => paths.filter((_, j) => j % count === i));

/** What the run-time baselines need of each tool (serialised once, read by child processes). */
function toolMeta(tool) {
  const schema = validatorDocument(tool);
  return { tool: tool.tool, limits: tool.limits, selection: tool.selection, schema, envelopeRef: `${schema.$id}#/$defs/${ROOT_KEYS.envelope}` };
}

async function compileAll(specs, outDir, workers) {
  const paths = [...specs.keys()].sort();
  const label = relative(benchDir, outDir);
  // Tool-scoped emitters see one tool at a time, so they run over chunks of the specs in parallel;
  // project-scoped ones see every tool at once.
  const perTool = DEFAULT_EMITTERS.filter((e) => e.scope === "tool").map((e) => e.name);
  const chunks = chunksOf(paths, Math.min(workers, paths.length));
  const wideEmitters = DEFAULT_EMITTERS.filter((e) => e.scope === "project");
  const [wide, ...parts] = await Promise.all([
    compileChunk({ files: specs, specs: paths, emitters: wideEmitters, outDir, label }),
    ...chunks.map((chunk) => inWorker({ files: new Map(chunk.map((p) => [p, specs.get(p)])), specs: chunk, emitterNames: perTool, outDir, label })),
  ]);
  return { wide, parts };
}

function summarizeBuild(key, startedAt, workers, { wide, parts }) {
  const files = [wide, ...parts].flatMap((p) => p.files);
  const sum = (field) => parts.reduce((total, p) => total + p[field], 0);
  return {
    key,
    buildMs: performance.now() - startedAt,
    compileCpuMs: sum("compileMs"),
    transpileCpuMs: sum("transpileMs"),
    workers: parts.length,
    tools: wide.tools.length,
    files: files.length,
    bytes: files.reduce((total, f) => total + f.bytes, 0),
    // The validators live in adapter.js (validate.js re-exports them).
    adapterBytes: files.find((f) => f.path.endsWith("/adapter.js"))?.bytes ?? 0,
  };
}

async function readRecord(outDir) {
  try {
    return JSON.parse(await readFile(join(outDir, BUILD_RECORD), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Builds `specs` (Map of `specs/<name>.yaml` → text) into `outDir` with the real compiler, the
 * per-tool emitters spread over `workers` threads. Returns the build record (`cached` when reused).
 */
export async function buildProject(specs, outDir, workers) {
  const key = await cacheKey(specs);
  const previous = await readRecord(outDir);
  if (previous?.key === key) return { ...previous, cached: true };
  await rm(outDir, { recursive: true, force: true });
  const startedAt = performance.now();
  const output = await compileAll(specs, outDir, workers);
  await writeFile(join(outDir, META_FILE), JSON.stringify({ tools: output.wide.tools.map(toolMeta) }));
  const record = summarizeBuild(key, startedAt, workers, output);
  // Written last: an interrupted build leaves no record and is redone.
  await writeFile(join(outDir, BUILD_RECORD), JSON.stringify(record));
  return { ...record, cached: false };
}
