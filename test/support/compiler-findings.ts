import type { SourceRange } from "../../packages/compiler/src/diagnostics/diagnostic.js";
import { DiagnosticCollector, type DiagnosticSink } from "../../packages/compiler/src/diagnostics/sink.js";
import { loadDocument, type LoadedDocument } from "../../packages/compiler/src/load/document.js";

/** Shared by the compiler's unit tests (no vitest import: it is plain code the tests call). */

/** A locate function that reports each pointer as the file, so a test sees which pointer a finding names. */
export const atPointer = (pointer: string): SourceRange => ({ file: pointer, line: 1, column: 1 });

/** Runs `check` against a fresh collector and returns each finding as `code file message`. */
export function findings(check: (sink: DiagnosticSink) => void): string[] {
  const sink = new DiagnosticCollector();
  check(sink);
  return sink.diagnostics.map((d) => `${d.code} ${d.file} ${d.message}`);
}

/** Runs `check` against a fresh collector and returns each finding as `code line:column`. */
export function positions(check: (sink: DiagnosticSink) => void): string[] {
  const sink = new DiagnosticCollector();
  check(sink);
  return sink.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`);
}

/** `lines` loaded as the YAML file specs/t.yaml (throws when they do not parse). */
export function yamlDocument(lines: readonly string[]): LoadedDocument {
  const { document, diagnostics } = loadDocument("specs/t.yaml", `${lines.join("\n")}\n`);
  if (!document) throw new Error(`test document does not load: ${diagnostics.map((d) => d.message).join("; ")}`);
  return document;
}
