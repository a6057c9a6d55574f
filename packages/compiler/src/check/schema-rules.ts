import { formats } from "@toolgate/runtime";
import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { childPointer } from "../load/pointer.js";
import { closestKeyword, isIgnored, KNOWN_KEYWORDS, NO_VOCABULARY, type Vocabulary } from "../schema/keywords.js";
import { forEachSchema, isSchemaObject, type SchemaObject } from "../schema/walk.js";
import { checkKeywordPairs } from "./keyword-pairs.js";
import { checkPattern } from "./patterns.js";

/** Formats the runtime can assert without a dependency: the runtime's table is the one list. */
export const SUPPORTED_FORMATS: ReadonlySet<string> = new Set(Object.keys(formats));

// Dynamic scoping cannot be compiled to straight-line code with stable semantics across dialects.
const UNSUPPORTED_KEYWORDS = ["$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary"];

// The strict parser rejects __proto__, constructor and prototype at run time, so such a field could
// never validate. The other Object.prototype members are reserved too: TypeScript checks an optional
// `toString?: string` against Object's method (no object literal can satisfy it), and
// json-schema-to-typescript calls `schema.hasOwnProperty(…)` on every schema node. Reserving them
// does not make `data.name` safe: a polluted prototype can add any name, so validators still check
// that a declared member they read is the object's own.
export const RESERVED_PROPERTY_NAMES: ReadonlySet<string> = new Set([
  "__proto__", "constructor", "prototype", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toString",
  "toLocaleString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
]);

type Locate = (pointer: string) => SourceRange;

/** Rules that a JSON Schema validator alone would not enforce, each with its own diagnostic. */
export function checkSchemaRules(schema: unknown, pointer: string, locate: Locate, sink: DiagnosticSink, vocabulary = NO_VOCABULARY): void {
  forEachSchema(schema, pointer, (node, at) => {
    checkKeywords(node, at, locate, sink, vocabulary);
    checkNames(node, at, locate, sink);
    checkPatterns(node, at, locate, sink);
    checkKeywordPairs(node, at, locate, sink);
    // Under `vocabulary.formats: annotate` no format asserts anything: none needs the runtime's support.
    if (typeof node.format === "string" && !SUPPORTED_FORMATS.has(node.format) && vocabulary.formats === "assert") {
      // Opted in (vocabulary.unknown_formats: annotate): kept as an annotation, stripped before codegen.
      const code = vocabulary.annotateFormats ? "TG251" : "TG216";
      sink.report(diagnostic(code, locate(`${at}/format`), { format: quote(node.format) }));
    }
  });
}

function checkKeywords(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink, vocabulary: Vocabulary): void {
  for (const keyword of Object.keys(node)) {
    const where = locate(childPointer(at, keyword));
    if (UNSUPPORTED_KEYWORDS.includes(keyword)) sink.report(diagnostic("TG211", where, { keyword }));
    else if (!KNOWN_KEYWORDS.has(keyword) && !isIgnored(keyword, vocabulary)) {
      const closest = closestKeyword(keyword);
      sink.report(diagnostic("TG218", where, { keyword: quote(keyword), suggestion: closest === undefined ? "" : ` (did you mean ${quote(closest)}?)` }));
    }
  }
}

function checkNames(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink): void {
  const props = isSchemaObject(node.properties) ? Object.keys(node.properties) : [];
  const required = Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : [];
  for (const name of new Set([...props, ...required])) {
    if (!RESERVED_PROPERTY_NAMES.has(name)) continue;
    const where = props.includes(name) ? `${at}/properties/${name}` : `${at}/required`;
    sink.report(diagnostic("TG215", locate(where), { name: quote(name) }));
  }
}

function checkPatterns(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink): void {
  const found: [string, string][] = [];
  if (typeof node.pattern === "string") found.push([node.pattern, `${at}/pattern`]);
  if (isSchemaObject(node.patternProperties)) {
    for (const key of Object.keys(node.patternProperties)) found.push([key, `${at}/patternProperties`]);
  }
  for (const [pattern, where] of found) {
    const verdict = checkPattern(pattern);
    if (verdict.ok && verdict.measured) {
      const { detail, length } = verdict.measured;
      sink.report(diagnostic("TG250", locate(where), { pattern: quote(pattern), detail, length: String(length) }));
    } else if (!verdict.ok) {
      const code = verdict.reason === "invalid" ? "TG214" : "TG213";
      sink.report(diagnostic(code, locate(where), { pattern: quote(pattern), detail: verdict.detail }));
    }
  }
}
