import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { RawSpec } from "../front/spec.js";
import { mapBundle, type BundledTool } from "../load/bundle.js";
import { isIgnorable } from "../schema/ignorable.js";
import { isIgnored, KNOWN_KEYWORDS, type Vocabulary } from "../schema/keywords.js";
import { transformSchema, type SchemaObject } from "../schema/walk.js";
import { SUPPORTED_FORMATS } from "./schema-rules.js";


/** The spec's vocabulary; `projectIgnored`: the keywords the project ignores in every spec (checked by the CLI with isIgnorable). */
export const vocabularyOf = (spec: RawSpec, projectIgnored: readonly string[] = []): Vocabulary => ({
  ignore: new Set([...projectIgnored, ...(spec.vocabulary?.ignore ?? [])].filter((keyword) => !KNOWN_KEYWORDS.has(keyword))),
  annotateFormats: spec.vocabulary?.unknown_formats === "annotate",
  formats: spec.vocabulary?.formats ?? "assert",
});

export { isIgnorable };

/** An ignored keyword that toolgate validates with or resolves through: TG252. */
export function checkVocabulary(spec: RawSpec, locate: (pointer: string) => SourceRange, sink: DiagnosticSink): void {
  (spec.vocabulary?.ignore ?? []).forEach((keyword, i) => {
    if (!isIgnorable(keyword)) sink.report(diagnostic("TG252", locate(`/vocabulary/ignore/${i}`), { keyword: quote(keyword) }));
  });
}

/**
 * The schemas without the keywords validation ignores, so no emitter (Ajv's strict mode, the lean
 * validators, the closing rule) meets a keyword it does not know. The user's text is not touched.
 */
export function withoutIgnored(bundle: BundledTool, vocabulary: Vocabulary): BundledTool {
  return mapBundle(bundle, (schema, at) => transformSchema(schema, at, (node) => stripNode(node, vocabulary)));
}

function stripNode(node: SchemaObject, vocabulary: Vocabulary): SchemaObject {
  const annotatedFormat = (keyword: string, value: unknown): boolean =>
    keyword === "format" && (vocabulary.formats === "annotate" || (vocabulary.annotateFormats && typeof value === "string" && !SUPPORTED_FORMATS.has(value)));
  const kept = Object.entries(node).filter(([keyword, value]) => !isIgnored(keyword, vocabulary) && !annotatedFormat(keyword, value));
  return kept.length === Object.keys(node).length ? node : Object.fromEntries(kept);
}
