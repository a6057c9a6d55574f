// Where a full, uncached gen spends its time, stage by stage, over one project's specs (the first
// <limit> of them, in path order): run in its own process by bench/gen.mjs
// (`node lib/gen-stages.mjs <specs dir> <out dir> [limit]`), prints JSON.
// It drives the built compiler's own stages in the order compileTool runs them.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./paths.mjs";

const dist = (path) => import(pathToFileURL(join(repoRoot, "packages/compiler/dist", path)).href);
const { readSpecTree } = await import(pathToFileURL(join(repoRoot, "packages/cli/dist/files.js")).href);
const { DEFAULT_EMITTERS } = await dist("default-emitters.js");
const { buildTool } = await dist("front/tool.js");
const { finalizeFiles } = await dist("finalize.js");
const { SourceSet } = await dist("load/sources.js");
const { DiagnosticCollector } = await dist("diagnostics/sink.js");

const [specsDir, outDir, limit] = process.argv.slice(2);
const ms = { front: 0, emit: 0, ajv: 0, format: 0, write: 0 };
const timed = async (stage, work) => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    ms[stage] += performance.now() - started;
  }
};

const tree = await readSpecTree(specsDir, "specs");
const sources = new SourceSet(tree.files, new DiagnosticCollector());
for (const path of tree.specs.slice(0, limit === undefined ? undefined : Number(limit))) {
  const tool = await timed("front", () => buildTool(sources.get(path), sources, new DiagnosticCollector()));
  const generated = [];
  for (const emitter of DEFAULT_EMITTERS.filter((e) => e.scope === "tool")) {
    // The validators emitter is Ajv's standalone code generation.
    const result = await timed(emitter.name === "validators" ? "ajv" : "emit", () => emitter.emit({ tool, hooksModule: "../specs/hooks.js" }));
    generated.push(...result.files);
  }
  const files = await timed("format", () => finalizeFiles(generated));
  await timed("write", async () => {
    for (const file of files) {
      await mkdir(dirname(join(outDir, file.path)), { recursive: true });
      await writeFile(join(outDir, file.path), file.content);
    }
  });
}
process.stdout.write(`${JSON.stringify(Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, v / 1000])))}\n`);
