import { checkEmittedSize } from "./check/budget.js";
import type { GeneratedFile } from "./codegen/file.js";
import type { Diagnostic } from "./diagnostics/diagnostic.js";
import { DiagnosticCollector } from "./diagnostics/sink.js";
import type { Emitter, ScopedEmitter } from "./emit/emitter.js";
import { finalizeFiles, type OutputFile } from "./finalize.js";
import { buildTool } from "./front/tool.js";
import { forSpec } from "./internal-error.js";
import type { ToolIR } from "./ir/types.js";
import { SourceSet, type SourceFiles } from "./load/sources.js";
import { TrackedFiles } from "./cache/tracked-files.js";

/** What one spec compiles to on its own: the unit gen caches (and may run on a worker). */
export interface ToolUnit {
  readonly specPath: string;
  /** undefined when the spec has an error. */
  readonly tool: ToolIR | undefined;
  /** Every path the front end read (the spec, each $ref'd file), sorted. */
  readonly reads: readonly string[];
  readonly frontDiagnostics: readonly Diagnostic[];
  /** The tool emitters' findings and the size budget's: dropped when the project has front-end errors. */
  readonly emitDiagnostics: readonly Diagnostic[];
  /** Finalized; none when the unit has an error. */
  readonly files: readonly OutputFile[];
  /** Which of `files` the types emitter wrote (the hook check type-checks hooks against them). */
  readonly typesPaths: readonly string[];
}

/** What a tool's output depends on besides the files it reads. */
export interface ToolContext {
  readonly hooksModule: string | undefined;
  readonly emitters: readonly Emitter[];
  /** The emitter whose files are the tool's types (for `typesPaths`). */
  readonly typesEmitter: Emitter;
  /** Annotation keywords every spec ignores (CompileInput.ignoredKeywords). */
  readonly ignoredKeywords: readonly string[];
}

/** Compiles one spec of the project, somewhere: what `CompileInput.runTool` supplies. */
export type ToolRunner = (specPath: string) => Promise<ToolUnit>;

const isToolEmitter = (e: Emitter): e is ScopedEmitter<"tool"> => e.scope === "tool";

/** Front end, tool-scoped emitters, size budget and finalize for one spec, seeing only that spec's files. */
export async function compileTool(specPath: string, files: SourceFiles, context: ToolContext): Promise<ToolUnit> {
  const front = new DiagnosticCollector();
  const tracked = new TrackedFiles(files);
  const sources = new SourceSet(tracked, front);
  const doc = sources.get(specPath);
  const tool = doc && (await forSpec(specPath, () => buildTool(doc, sources, front, context.ignoredKeywords)));
  const unit = { specPath, tool, reads: tracked.read, frontDiagnostics: front.diagnostics, emitDiagnostics: [], files: [], typesPaths: [] };
  if (!tool) return unit;
  const emitted = new DiagnosticCollector();
  const generated: GeneratedFile[] = [];
  const typesPaths: string[] = [];
  for (const emitter of context.emitters.filter(isToolEmitter)) {
    const result = await forSpec(specPath, () => emitter.emit({ tool, hooksModule: context.hooksModule }));
    result.diagnostics.forEach((d) => emitted.report(d));
    generated.push(...result.files);
    if (emitter === context.typesEmitter) typesPaths.push(...result.files.map((f) => f.path));
  }
  checkEmittedSize([tool], generated, emitted);
  const hasErrors = front.hasErrors() || emitted.hasErrors();
  return { ...unit, emitDiagnostics: emitted.diagnostics, files: hasErrors ? [] : await finalizeFiles(generated), typesPaths };
}
