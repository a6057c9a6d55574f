/**
 * `@toolgate/compiler/fast`: what gen's no-op path needs, without loading the emitters, Prettier,
 * Ajv or the type generator (importing `@toolgate/compiler` costs most of a no-op's second).
 */
export { cachedProject } from "./project-cache.js";
export { outputHash, type CachedProject, type ToolSummary } from "./cache/project-entry.js";
export type { GenCache } from "./cache/seal.js";
export { formatDiagnostics, type ErrorFormat } from "./diagnostics/format.js";
export { MANIFEST_PATH } from "./emit/manifest.js";
export { outputDirOf } from "./ir/output-dir.js";
export type { ToolRunner, ToolUnit } from "./tool-unit.js";
export type { ToolRequest, ToolWorkerData } from "./worker/tool-worker.js";

/** The tool worker's module, for `new Worker(...)`: it compiles one spec per request. */
export const TOOL_WORKER = new URL("./worker/tool-worker.js", import.meta.url);
