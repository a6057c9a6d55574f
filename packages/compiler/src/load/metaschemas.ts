import { createRequire } from "node:module";
import type { LoadedDocument } from "./document.js";

/**
 * The draft-04, draft-06 and draft-07 meta-schemas, bundled: a `$ref` to one (the Swagger 2.0
 * schema refs draft-04's) resolves to this copy, read in its own dialect, never fetched. The texts
 * are the ones Ajv validates with (ajv, MIT: draft-06/07; ajv-draft-04, MIT: draft-04), both
 * runtime dependencies of the compiler. 2019-09 and 2020-12 are split into vocabularies that
 * need `$recursiveRef`/`$dynamicRef`, and are not bundled here.
 */
const require = createRequire(import.meta.url);

const FILES: Readonly<Record<string, string>> = {
  "json-schema.org/draft-04/schema": "ajv-draft-04/dist/refs/json-schema-draft-04.json",
  "json-schema.org/draft-06/schema": "ajv/dist/refs/json-schema-draft-06.json",
  "json-schema.org/draft-07/schema": "ajv/dist/refs/json-schema-draft-07.json",
};

const loaded = new Map<string, LoadedDocument>();

/** The canonical key of a meta-schema URI: http or https, with or without the empty fragment. */
const keyOf = (uri: string): string => uri.replace(/^https?:\/\//, "").replace(/#$/, "");

/** The bundled meta-schema `uri` names (its fragment aside), or undefined for any other URI. */
export function builtinMetaSchema(uri: string): LoadedDocument | undefined {
  const hash = uri.indexOf("#");
  const key = keyOf(hash < 0 ? uri : uri.slice(0, hash));
  if (!Object.hasOwn(FILES, key)) return undefined;
  let doc = loaded.get(key);
  if (doc === undefined) {
    // A stable, relative-looking path: diagnostics and the spec hash name it the same everywhere.
    const path = `${key}.json`;
    const value: unknown = require(FILES[key]!);
    doc = { path, value: structuredClone(value), locate: () => ({ file: path, line: 1, column: 1 }) };
    loaded.set(key, doc);
  }
  return doc;
}
