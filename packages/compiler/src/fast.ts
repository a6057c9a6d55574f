/**
 * `@toolgate/compiler/fast`: what gen's no-op path needs, without loading the emitters, Prettier,
 * Ajv or the type generator (importing `@toolgate/compiler` costs most of a no-op's second).
 */
export { cachedProject, cachedProjectAt, projectKeyOf } from "./project-cache.js";
export { outputHash, summaryOf, type CachedProject, type ToolSummary } from "./cache/project-entry.js";
export type { GenCache } from "./cache/seal.js";
export { formatDiagnostics, type ErrorFormat } from "./diagnostics/format.js";
// What reading a project takes (the config file, the files specs `$ref` outside specs/), so that the
// no-op path reads it exactly as the full run does: a different file set is a different cache key.
export { referencedFiles } from "./import/openapi/source.js";
export { diagnostic, quote, type Diagnostic, type SourceRange } from "./diagnostics/diagnostic.js";
export { loadDocument, type LoadedDocument } from "./load/document.js";
export { isIgnorable } from "./schema/ignorable.js";
export { closestKeyword } from "./schema/keywords.js";
export { outputDirOf } from "./ir/output-dir.js";
export type { ToolRunner, ToolUnit } from "./tool-unit.js";
export type { ToolRequest, ToolWorkerData } from "./worker/tool-worker.js";

/** The tool worker's module, for `new Worker(...)`: it compiles one spec per request. */
export const TOOL_WORKER = new URL("./worker/tool-worker.js", import.meta.url);
