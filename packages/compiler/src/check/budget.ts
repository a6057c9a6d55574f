import { diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { GeneratedFile } from "../codegen/file.js";
import { locate } from "../ir/locate.js";
import type { ToolIR } from "../ir/types.js";
import { forEachSchema } from "../schema/walk.js";

/**
 * A spec's size budget, so that no schema can make gen run for minutes or exhaust memory: counted
 * in schema nodes and enum values (deterministic, unlike a clock), generous for real-world schemas
 * (the largest in our corpus has a few thousand nodes) and well below what the emitters can afford.
 */
export const MAX_SCHEMA_NODES = 20_000;
export const MAX_ENUM_VALUES = 100_000;
/** Characters of generated code per spec before formatting: beyond this the formatter takes minutes. */
export const MAX_EMITTED_CHARS = 16 * 1024 * 1024;

/** TG260 when the schemas of one spec (input, output and every definition) exceed the node budget. */
export function checkBudget(roots: readonly [unknown, string][], at: SourceRange, sink: DiagnosticSink): void {
  let nodes = 0;
  let values = 0;
  for (const [schema, pointer] of roots) {
    forEachSchema(schema, pointer, (node) => {
      nodes++;
      if (Array.isArray(node.enum)) values += node.enum.length;
    });
  }
  if (nodes > MAX_SCHEMA_NODES || values > MAX_ENUM_VALUES) {
    const detail = nodes > MAX_SCHEMA_NODES ? `${nodes} schema nodes (at most ${MAX_SCHEMA_NODES})` : `${values} enum values (at most ${MAX_ENUM_VALUES})`;
    sink.report(diagnostic("TG260", at, { detail }));
  }
}

/** TG261 for each spec whose generated files (before formatting) exceed MAX_EMITTED_CHARS. */
export function checkEmittedSize(tools: readonly ToolIR[], files: readonly GeneratedFile[], sink: DiagnosticSink): void {
  const bytes = new Map<string, number>();
  for (const file of files) if (file.source !== undefined) bytes.set(file.source, (bytes.get(file.source) ?? 0) + file.content.length);
  for (const tool of tools) {
    const size = bytes.get(tool.specPath) ?? 0;
    if (size > MAX_EMITTED_CHARS) sink.report(diagnostic("TG261", locate(tool, "/tool"), { detail: `${size} characters (at most ${MAX_EMITTED_CHARS})` }));
  }
}
