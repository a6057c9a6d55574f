import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ProjectIR } from "../ir/types.js";

/** One output file, path relative to the output directory (POSIX), content without header or formatting. */
export interface EmittedFile {
  readonly path: string;
  readonly content: string;
  /** The spec the file was generated from, named in its header; undefined for project-wide files. */
  readonly source: string | undefined;
  /**
   * Format with a wide print width. For Ajv's validators: at the usual width prettier splits every
   * error object over several lines, and transpilers keep that layout, which made the loaded JS 40 %
   * larger and the cold start slower (bench/).
   */
  readonly wide?: true;
}

export interface EmitResult {
  readonly files: readonly EmittedFile[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Every emitter is a pure function of the IR. */
export interface Emitter {
  readonly name: string;
  emit(project: ProjectIR): EmitResult | Promise<EmitResult>;
}

export const emitted = (files: readonly EmittedFile[], diagnostics: readonly Diagnostic[] = []): EmitResult => ({ files, diagnostics });
