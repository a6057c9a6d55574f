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

// Object.prototype's own names (and `prototype`): `d.name` reads the prototype's member when the
// object has none, so validators read these as own members only, and the selector defines them.
// Any other name is read as `d.name` after an own-member check (a polluted prototype can add any).
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

// The one name still refused: json-schema-to-typescript calls `schema.hasOwnProperty(…)` on the
// properties map it walks, so a field of that name crashes type generation.
const UNTYPABLE_NAME = "hasOwnProperty";

function checkNames(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink): void {
  const props = isSchemaObject(node.properties) ? Object.keys(node.properties) : [];
  const required = Array.isArray(node.required) ? node.required : [];
  if (!props.includes(UNTYPABLE_NAME) && !required.includes(UNTYPABLE_NAME)) return;
  const where = props.includes(UNTYPABLE_NAME) ? `${at}/properties/${UNTYPABLE_NAME}` : `${at}/required`;
  sink.report(diagnostic("TG215", locate(where), { name: quote(UNTYPABLE_NAME) }));
}

/** Each pattern of a schema node, where it is written, and the maxLength that bounds its subjects. */
function patternsOf(node: SchemaObject, at: string): [pattern: string, where: string, bound: unknown][] {
  const found: [string, string, unknown][] = [];
  if (typeof node.pattern === "string") found.push([node.pattern, `${at}/pattern`, node.maxLength]);
  if (isSchemaObject(node.patternProperties)) {
    const names = isSchemaObject(node.propertyNames) ? node.propertyNames.maxLength : undefined;
    for (const key of Object.keys(node.patternProperties)) found.push([key, `${at}/patternProperties`, names]);
  }
  return found;
}

function checkPatterns(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink): void {
  for (const [pattern, where, bound] of patternsOf(node, at)) {
    const verdict = checkPattern(pattern);
    if (verdict.ok && verdict.measured) {
      const { detail, length } = verdict.measured;
      sink.report(diagnostic("TG250", locate(where), { pattern: quote(pattern), detail, length: String(length) }));
    } else if (verdict.ok && verdict.guard && !(typeof bound === "number" && bound <= verdict.guard.length)) {
      const { degree, length } = verdict.guard;
      sink.report(diagnostic("TG270", locate(where), { pattern: quote(pattern), degree: String(degree), length: String(length) }));
    } else if (!verdict.ok) {
      const code = verdict.reason === "invalid" ? "TG214" : "TG213";
      sink.report(diagnostic(code, locate(where), { pattern: quote(pattern), detail: verdict.detail }));
    }
  }
}
