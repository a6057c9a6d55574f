import { isSchemaObject } from "../../schema/walk.js";
import type { LoadedDocument } from "../document.js";
import { DEFAULT_DIALECT, dialectOfOpenApi, dialectOfUri, type Dialect } from "./dialects.js";
import type { Finding } from "./rules.js";

/**
 * The dialect a schema at `pointer` in `doc` is read in: the `$schema` of its payload (in the spec)
 * or of its file; an OpenAPI document's Schema Objects by its `openapi` version; else the spec's
 * `dialect` key, else 2020-12. An unknown `$schema` is reported (TG230) and read as that fallback.
 */
export function dialectAt(doc: LoadedDocument, pointer: string, spec: LoadedDocument, report: (pointer: string, f: Finding) => void): Dialect {
  const declared = isSchemaObject(spec.value) && typeof spec.value.dialect === "string" ? (spec.value.dialect as Dialect) : DEFAULT_DIALECT;
  const rootAt = doc === spec ? (/^\/(input|output)(?=\/|$)/.exec(pointer)?.[0] ?? "") : "";
  const root = doc === spec ? (isSchemaObject(doc.value) ? doc.value[rootAt.slice(1)] : undefined) : doc.value;
  if (!isSchemaObject(root)) return declared;
  if (typeof root.$schema === "string") {
    const dialect = dialectOfUri(root.$schema);
    if (dialect === undefined) report(`${rootAt}/$schema`, { code: "TG230", keyword: "$schema", uri: root.$schema });
    return dialect ?? declared;
  }
  return (doc === spec ? undefined : dialectOfOpenApi(root.openapi)) ?? declared;
}
