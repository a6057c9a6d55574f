import { posix } from "node:path";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { loadDocument, type LoadedDocument } from "./document.js";

/** The in-memory file set the compiler reads: relative POSIX paths to text. The CLI fills it. */
export type SourceFiles = ReadonlyMap<string, string>;

/**
 * Parses each file once, on first use, and reports its parse errors then: a file several specs
 * reference is reported once, whichever spec reaches it first.
 */
export class SourceSet {
  readonly #files: SourceFiles;
  readonly #sink: DiagnosticSink;
  readonly #loaded = new Map<string, LoadedDocument | undefined>();

  constructor(files: SourceFiles, sink: DiagnosticSink) {
    this.#files = files;
    this.#sink = sink;
  }

  text(path: string): string | undefined {
    return this.#files.get(path);
  }

  /** undefined when the file is absent or failed to parse (its diagnostics are reported). */
  get(path: string): LoadedDocument | undefined {
    if (!this.#loaded.has(path)) {
      const text = this.#files.get(path);
      const result = text === undefined ? undefined : loadDocument(path, text);
      result?.diagnostics.forEach((d) => this.#sink.report(d));
      this.#loaded.set(path, result?.document);
    }
    return this.#loaded.get(path);
  }
}

/** Resolves `ref` against the file `from`; undefined when the result would leave the source root. */
export function resolveRelative(from: string, ref: string): string | undefined {
  const joined = posix.normalize(posix.join(posix.dirname(from), ref));
  return joined.startsWith("../") || joined === ".." || posix.isAbsolute(joined) ? undefined : joined;
}
