import { childPointer } from "../../load/pointer.js";
import { isRecord, type OpenApiSource, type Target } from "./source.js";

/** The HTTP methods a spec's `upstream.method` can name (OpenAPI's `options` and `trace` cannot be tools). */
const METHODS = ["get", "put", "post", "delete", "patch", "head"] as const;

/** One operation of the document, where it was written. */
export interface Operation {
  /** The operationId, when the document gives one. */
  readonly id: string | undefined;
  /** How the import names it to the user: the operationId, else `GET /pets`. */
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly at: Target;
  /** The path item's own parameters (shared by its operations), where written. */
  readonly shared: Target | undefined;
}

/** Every operation in `paths`, in document order; a path item may itself be a `$ref`. */
export function operationsOf(source: OpenApiSource): Operation[] {
  const doc = source.value(source.root);
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {};
  return Object.keys(paths).flatMap((path) => {
    const item = source.follow({ file: source.root, pointer: childPointer("/paths", path), value: paths[path] });
    if (item === undefined || !isRecord(item.value)) return [];
    const itemValue = item.value;
    const shared = Array.isArray(itemValue.parameters) ? { ...item, pointer: childPointer(item.pointer, "parameters"), value: itemValue.parameters } : undefined;
    return METHODS.filter((m) => isRecord(itemValue[m])).map((m): Operation => {
      const value = itemValue[m] as Record<string, unknown>;
      const id = typeof value.operationId === "string" && value.operationId !== "" ? value.operationId : undefined;
      return { id, label: id ?? `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, at: { ...item, pointer: childPointer(item.pointer, m), value }, shared };
    });
  });
}

/** Member `key` of an OpenAPI object, where written; its `$ref` followed unless it is a schema (those go into the pool as refs). */
export function member(source: OpenApiSource, at: Target, key: string | number, follow = true): Target | undefined {
  const value = Array.isArray(at.value) || isRecord(at.value) ? (at.value as Record<string, unknown>)[key] : undefined;
  const found = { file: at.file, pointer: childPointer(at.pointer, key), value };
  return value === undefined ? undefined : follow ? source.follow(found) : found;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]*\+)?json$/;

/** The schema of the first JSON media type in a `content` map: undefined when there is none. */
export function jsonSchemaOf(source: OpenApiSource, holder: Target): { schema?: Target; media: string[] } {
  const content = member(source, holder, "content");
  const types = content && isRecord(content.value) ? Object.keys(content.value) : [];
  const json = types.find((t) => JSON_MEDIA.test(t.split(";")[0]!.trim().toLowerCase()));
  const media = json === undefined ? undefined : member(source, content!, json);
  const schema = media === undefined ? undefined : member(source, media, "schema", false);
  return schema === undefined ? { media: types } : { schema, media: types };
}
