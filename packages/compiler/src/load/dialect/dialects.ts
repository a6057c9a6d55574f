/**
 * The schema dialects the compiler reads. Every one is upgraded to 2020-12 on load (upgrade.ts); the
 * rest of the compiler only ever sees 2020-12.
 */
export const DIALECTS = ["draft-04", "draft-06", "draft-07", "2019-09", "2020-12", "openapi-3.0", "openapi-3.1"] as const;

export type Dialect = (typeof DIALECTS)[number];

export const DEFAULT_DIALECT: Dialect = "2020-12";

// Both spellings are common in the wild: with and without the empty fragment, http and https.
const BY_URI: Readonly<Record<string, Dialect>> = {
  "json-schema.org/draft-04/schema": "draft-04",
  "json-schema.org/draft-06/schema": "draft-06",
  "json-schema.org/draft-07/schema": "draft-07",
  "json-schema.org/draft/2019-09/schema": "2019-09",
  "json-schema.org/draft/2020-12/schema": "2020-12",
  "spec.openapis.org/oas/3.1/dialect/base": "openapi-3.1",
};

/** The dialect a `$schema` URI names; undefined for one the compiler does not know. */
export function dialectOfUri(uri: string): Dialect | undefined {
  const key = uri.replace(/^https?:\/\//, "").replace(/#$/, "");
  return Object.hasOwn(BY_URI, key) ? BY_URI[key] : undefined;
}

/** The dialect of an OpenAPI document's Schema Objects, by its `openapi` version. */
export function dialectOfOpenApi(version: unknown): Dialect | undefined {
  if (typeof version !== "string") return undefined;
  if (/^3\.0(\.|$)/.test(version)) return "openapi-3.0";
  if (/^3\.1(\.|$)/.test(version)) return "openapi-3.1";
  return undefined;
}

/** Draft-07 and older: `$ref` replaces its schema object, so keywords beside it are ignored. */
export const ignoresRefSiblings = (d: Dialect): boolean => d === "draft-04" || d === "draft-06" || d === "draft-07" || d === "openapi-3.0";

/** Draft-04 and OpenAPI 3.0: exclusiveMinimum/Maximum are booleans modifying minimum/maximum. */
export const booleanExclusives = (d: Dialect): boolean => d === "draft-04" || d === "openapi-3.0";

/** Before 2019-09 a plain-name fragment `$id` ("#foo") is what `$anchor` became. */
export const idAnchors = (d: Dialect): boolean => ignoresRefSiblings(d);

export const isOpenApi = (d: Dialect): boolean => d === "openapi-3.0" || d === "openapi-3.1";

/** The keyword that names a schema resource in this dialect. */
export const idKeyword = (d: Dialect): string => (d === "draft-04" || d === "openapi-3.0" ? "id" : "$id");
