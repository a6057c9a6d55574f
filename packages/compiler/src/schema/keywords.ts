/**
 * The JSON Schema 2020-12 keywords a spec may use: the validator emitter compiles every assertion
 * here and ignores every annotation; anything else is a typo or a foreign dialect (TG218).
 */

/** Keywords that never affect validity (and the containers references point into). */
export const ANNOTATION_KEYWORDS: readonly string[] = [
  "$anchor", "$comment", "$defs", "$id", "$schema", "contentEncoding", "contentMediaType", "contentSchema",
  "default", "definitions", "deprecated", "description", "examples", "readOnly", "title", "writeOnly",
];

/**
 * Vendor keywords outside 2020-12 that validate nothing in their own ecosystem, and any `x-*`
 * extension: accepted and stripped before every emitter (check/vocabulary.ts), the type emitter
 * included. Types follow what the validator checks, so a type override such as `tsType` is not
 * honoured: it would describe values nobody checked, and its text would become generated code.
 * A vendor keyword that validates (ajv-keywords' `uniqueItemProperties`, say) stays TG218.
 */
export const VENDOR_ANNOTATIONS: readonly string[] = [
  // OpenAPI 3.x Schema Object.
  "example",
  // VS Code's JSON language service (vscode-json-languageservice): hovers, completions, and the text
  // of errors it reports anyway; `allowComments`/`allowTrailingCommas` are about the JSON syntax.
  "allowComments", "allowTrailingCommas", "defaultSnippets", "deprecationMessage", "doNotSuggest", "enumDescriptions",
  "errorMessage", "markdownDescription", "markdownEnumDescriptions", "patternErrorMessage", "suggestSortText",
  // json-schema-to-typescript: a type override and enum member names.
  "tsEnumNames", "tsType",
  // @octokit/webhooks-schemas: tells its type generator to leave out an index signature.
  "tsAdditionalProperties",
  // Adobe XDM (documented by @adobe/jsonschema2md), used by CycloneDX: a description per enum value.
  "meta:enum",
];

/** What a spec's `vocabulary` key adds to 2020-12: keywords to ignore, and formats kept as annotations. */
export interface Vocabulary {
  readonly ignore: ReadonlySet<string>;
  /** `vocabulary.unknown_formats: annotate`: a format the runtime does not assert is an annotation. */
  readonly annotateFormats: boolean;
  /** `vocabulary.formats`: `annotate` makes every format an annotation (2020-12's format-annotation vocabulary). */
  readonly formats: "assert" | "annotate";
}

export const NO_VOCABULARY: Vocabulary = { ignore: new Set(), annotateFormats: false, formats: "assert" };

/** An annotation keyword outside 2020-12 that validation ignores. */
export const isIgnored = (keyword: string, vocabulary: Vocabulary): boolean =>
  keyword.startsWith("x-") || VENDOR_ANNOTATIONS.includes(keyword) || vocabulary.ignore.has(keyword);

export const ASSERTION_KEYWORDS: readonly string[] = [
  "$ref", "additionalProperties", "allOf", "anyOf", "const", "contains", "dependentRequired", "dependentSchemas",
  "discriminator", "else", "enum", "exclusiveMaximum", "exclusiveMinimum", "format", "if", "items", "maxContains",
  "maxItems", "maxLength", "maxProperties", "maximum", "minContains", "minItems", "minLength", "minProperties",
  "minimum", "multipleOf", "not", "oneOf", "pattern", "patternProperties", "prefixItems", "properties",
  "propertyNames", "required", "then", "type", "uniqueItems", "unevaluatedItems", "unevaluatedProperties",
];

export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([...ANNOTATION_KEYWORDS, ...ASSERTION_KEYWORDS]);

/** Levenshtein distance, for "did you mean" suggestions on short keywords. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known keyword (or one of `candidates`) closest to `word`, case-insensitively at most 2 edits away, if any. */
export function closestKeyword(word: string, candidates: Iterable<string> = KNOWN_KEYWORDS): string | undefined {
  let best: { keyword: string; d: number } | undefined;
  for (const keyword of candidates) {
    const d = distance(word.toLowerCase(), keyword.toLowerCase());
    if (d <= 2 && (best === undefined || d < best.d)) best = { keyword, d };
  }
  return best?.keyword;
}
