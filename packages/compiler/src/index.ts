export { compile, DEFAULT_EMITTERS, type CompileInput, type CompileOutput } from "./compile.js";
export { DIAGNOSTICS, type DiagnosticCode, type Severity } from "./diagnostics/catalog.js";
export { diagnostic, hasErrors, quote, type Diagnostic, type SourceRange } from "./diagnostics/diagnostic.js";
export { formatDiagnostics, githubAnnotation, type ErrorFormat, type GithubAnnotation } from "./diagnostics/format.js";
export type { EmitResult, EmittedFile, Emitter } from "./emit/emitter.js";
export { MANIFEST_PATH } from "./emit/manifest.js";
export { HEADER_PATTERN, type GeneratedFile } from "./finalize.js";
export type { ProjectIR, ToolIR } from "./ir/types.js";
export { locate } from "./ir/locate.js";
