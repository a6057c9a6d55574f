import type { Entry, Report } from "./rules.js";

/**
 * Keywords of the older drafts and OpenAPI 3.0 that a schema read as 2020-12 (no `$schema`, no spec
 * `dialect`) still uses: each is reported with its 2020-12 replacement instead of a bare "unknown
 * keyword" or "items must be object,boolean".
 */
export function draftOnlyKeywords(entries: readonly Entry[], report: Report): readonly Entry[] {
  for (const { keyword, value } of entries) {
    const replacement = replacementOf(keyword, value);
    if (replacement !== undefined) report({ code: "TG232", keyword, replacement });
  }
  return entries;
}

function replacementOf(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case "items":
      return Array.isArray(value) ? "prefixItems (a tuple), with items for the rest" : undefined;
    case "additionalItems":
      return "items beside prefixItems";
    case "dependencies":
      return "dependentRequired (for lists of names) or dependentSchemas (for schemas)";
    case "id":
      return "$id (or $anchor for a #name)";
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return typeof value === "boolean" ? `a number: ${keyword}: <bound> instead of ${keyword.replace("exclusiveM", "m")}` : undefined;
    case "nullable":
      return 'a type union with "null", e.g. type: [string, "null"]';
    default:
      return undefined;
  }
}
