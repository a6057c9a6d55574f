import { createRequire } from "node:module";
import type { LoadedDocument } from "./document.js";
import { METASCHEMAS_2019_2020 } from "./metaschemas-2019-2020.js";

const require = createRequire(import.meta.url);

/**
 * The draft-04, draft-06 and draft-07 meta-schemas (the Swagger 2.0 schema refs draft-04's), as the
 * ones Ajv validates with: ajv (MIT) ships draft-06/07, ajv-draft-04 (MIT) draft-04; both are
 * runtime dependencies of the compiler.
 */
const DRAFT_04_TO_07: ReadonlyMap<string, () => unknown> = new Map([
  ["http://json-schema.org/draft-04/schema", () => require("ajv-draft-04/dist/refs/json-schema-draft-04.json")],
  ["http://json-schema.org/draft-06/schema", () => require("ajv/dist/refs/json-schema-draft-06.json")],
  ["http://json-schema.org/draft-07/schema", () => require("ajv/dist/refs/json-schema-draft-07.json")],
]);

/** The key a URI is known by: http or https alike, without its fragment. */
const keyOf = (uri: string): string => uri.replace(/#.*$/, "").replace(/^https?:\/\//, "");

/** Schemas the compiler ships, by canonical URI (no trailing `#`): read from here, never fetched. */
const BUILT_IN: ReadonlyMap<string, { readonly uri: string; readonly read: () => unknown }> = new Map(
  [...DRAFT_04_TO_07, ...METASCHEMAS_2019_2020].map(([uri, read]) => [keyOf(uri), { uri, read }]),
);

const loaded = new Map<string, LoadedDocument>();

/**
 * The built-in schema at `uri` (its fragment ignored) as a document named by its canonical URI. Its
 * `$vocabulary` only lists the standard vocabularies, which toolgate implements: dropped, as the
 * schema rules refuse a custom one.
 */
export function builtInDocument(uri: string): LoadedDocument | undefined {
  const key = keyOf(uri);
  const entry = BUILT_IN.get(key);
  if (entry === undefined) return undefined;
  let doc = loaded.get(key);
  if (doc === undefined) {
    const { $vocabulary: _vocabulary, ...value } = structuredClone(entry.read()) as Record<string, unknown>;
    doc = { path: entry.uri, value, locate: () => ({ file: entry.uri, line: 1, column: 1 }) };
    loaded.set(key, doc);
  }
  return doc;
}
