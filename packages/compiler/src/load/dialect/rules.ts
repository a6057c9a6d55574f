import type { SchemaObject } from "../../schema/walk.js";
import { type Dialect, isOpenApi } from "./dialects.js";
import { draftOnlyKeywords } from "./draft-only.js";
import { openApiKeywords } from "./openapi.js";
import { legacyKeywords } from "./legacy.js";

/** One keyword of an upgraded schema object, and the keyword it was written as. */
export interface Entry {
  readonly keyword: string;
  readonly value: unknown;
  readonly from: string;
}

/**
 * An unknown `$schema` (TG230), a lossy change (TG231, a warning) or a draft-only keyword in a
 * 2020-12 schema (TG232).
 */
export type Finding =
  | { readonly code: "TG230"; readonly keyword: "$schema"; readonly uri: string }
  | { readonly code: "TG231"; readonly keyword: string; readonly dialect: Dialect; readonly change: string }
  | { readonly code: "TG232"; readonly keyword: string; readonly replacement: string };

export type Report = (finding: Finding) => void;

/** The upgraded keywords of one schema object (its subschemas are upgraded by the caller). */
export function upgradeKeywords(node: SchemaObject, dialect: Dialect, report: Report): readonly Entry[] {
  const entries = Object.entries(node).map(([keyword, value]) => ({ keyword, value, from: keyword }));
  if (dialect === "2020-12") return draftOnlyKeywords(entries, report);
  const upgraded = isOpenApi(dialect) ? openApiKeywords(entries, dialect) : entries;
  return dialect === "openapi-3.1" ? upgraded : legacyKeywords(upgraded, dialect, report);
}

export const find = (entries: readonly Entry[], keyword: string): Entry | undefined => entries.find((e) => e.keyword === keyword);

export const without = (entries: readonly Entry[], ...keywords: string[]): Entry[] => entries.filter((e) => !keywords.includes(e.keyword));
