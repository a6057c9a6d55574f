import { parentPort, workerData } from "node:worker_threads";
import { hooksSpecifier } from "../check/hooks.js";
import { DEFAULT_EMITTERS } from "../default-emitters.js";
import { typesEmitter } from "../emit/types.js";
import type { SourceFiles } from "../load/sources.js";
import { compileTool } from "../tool-unit.js";

/** What a tool worker starts with: the project's files, and where the output and the hooks module are. */
export interface ToolWorkerData {
  readonly files: SourceFiles;
  readonly outDir: string;
  readonly hooksPath: string | undefined;
  readonly ignoredKeywords: readonly string[];
}

/** A request: a spec to compile; the answer carries the same id and the unit, or the error's message. */
export interface ToolRequest {
  readonly id: number;
  readonly specPath: string;
}

// The worker side of the CLI's pool (packages/cli/src/tool-pool.ts): compileTool with the default emitters.
const { files, outDir, hooksPath, ignoredKeywords } = workerData as ToolWorkerData;
const context = { hooksModule: hooksPath === undefined ? undefined : hooksSpecifier(outDir, hooksPath), emitters: DEFAULT_EMITTERS, typesEmitter, ignoredKeywords };
parentPort?.on("message", ({ id, specPath }: ToolRequest) => {
  compileTool(specPath, files, context).then(
    (unit) => parentPort?.postMessage({ id, unit }),
    (e: unknown) => parentPort?.postMessage({ id, error: e instanceof Error ? e.message : String(e) }),
  );
});
