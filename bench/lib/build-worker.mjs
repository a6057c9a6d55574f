// A worker thread of the build: the per-tool emitters over one chunk of the specs, compiled in
// slices so a 1,000-tool build never holds all of its formatted output at once.
import { DEFAULT_EMITTERS } from "@toolgate/compiler";
import { parentPort, workerData } from "node:worker_threads";
import { compileChunk } from "./compile-chunk.mjs";

const SLICE = 25;
const emitters = DEFAULT_EMITTERS.filter((e) => workerData.emitterNames.includes(e.name));
const total = { compileMs: 0, transpileMs: 0, files: [] };
for (let start = 0; start < workerData.specs.length; start += SLICE) {
  const specs = workerData.specs.slice(start, start + SLICE);
  const files = new Map(specs.map((path) => [path, workerData.files.get(path)]));
  const slice = await compileChunk({ ...workerData, files, specs, emitters });
  total.compileMs += slice.compileMs;
  total.transpileMs += slice.transpileMs;
  total.files.push(...slice.files);
}
parentPort.postMessage(total);
