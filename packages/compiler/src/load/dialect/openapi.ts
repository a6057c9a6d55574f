import { type Dialect } from "./dialects.js";
import { find, type Entry } from "./rules.js";

// The OAS vocabulary beside JSON Schema: annotations for documentation and code generators. A
// `discriminator` only names the property a `oneOf` already tells apart, so validation loses nothing.
const OAS_ANNOTATIONS = new Set(["discriminator", "xml", "externalDocs"]);

// OpenAPI's data-type formats describe a number's or string's encoding for code generators; JSON
// Schema has no assertion for them. int32 alone is a range, and is kept as one.
export const OAS_FORMATS: ReadonlySet<string> = new Set(["int32", "int64", "float", "double", "byte", "binary", "password"]);
const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/** The OpenAPI Schema Object's own keywords, as 2020-12 (3.0's draft-04 core is upgraded after). */
export function openApiKeywords(entries: readonly Entry[], dialect: Dialect): readonly Entry[] {
  return formats(vocabulary(entries, dialect));
}

function formats(entries: readonly Entry[]): readonly Entry[] {
  const format = find(entries, "format");
  if (!format || typeof format.value !== "string" || !OAS_FORMATS.has(format.value)) return entries;
  const rest = entries.filter((e) => e !== format);
  if (format.value !== "int32") return rest;
  const bounds = Object.entries(INT32).filter(([k]) => !find(rest, k)).map(([keyword, value]) => ({ keyword, value, from: "format" }));
  return [...rest, ...bounds];
}

function vocabulary(entries: readonly Entry[], dialect: Dialect): readonly Entry[] {
  const nullable = dialect === "openapi-3.0" && find(entries, "nullable")?.value === true;
  const hasExamples = find(entries, "examples") !== undefined;
  return entries.flatMap((e): Entry[] => {
    if (OAS_ANNOTATIONS.has(e.keyword) || e.keyword.startsWith("x-")) return [];
    if (e.keyword === "example") return hasExamples ? [] : [{ ...e, keyword: "examples", value: [e.value] }];
    if (e.keyword === "nullable" && dialect === "openapi-3.0") return [];
    if (nullable && e.keyword === "type" && typeof e.value === "string") return [{ ...e, value: [e.value, "null"] }];
    if (nullable && e.keyword === "enum" && Array.isArray(e.value) && !e.value.includes(null)) return [{ ...e, value: [...e.value, null] }];
    return [e];
  });
}
