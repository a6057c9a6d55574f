import { forEachSchema, type SchemaObject } from "./walk.js";

const ANNOTATIONS = new Set(["$ref", "description", "title", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

/** A `$ref` with nothing beside it but annotations: its target alone says what the node accepts. */
export const isPureRef = (node: SchemaObject): node is SchemaObject & { $ref: string } =>
  typeof node.$ref === "string" && Object.keys(node).every((k) => ANNOTATIONS.has(k));

/** The pool definition a `#/$defs/<name>` ref names; undefined for any other ref. */
export const defName = (ref: string): string | undefined => (ref.startsWith("#/$defs/") ? ref.slice(8).split("/")[0] : undefined);

/** Names of the pool definitions a schema needs, following refs transitively, in a stable order. */
export function referencedDefs(schema: unknown, defs: Readonly<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  const pending = [schema];
  while (pending.length > 0) {
    forEachSchema(pending.pop(), "", (node) => {
      const name = typeof node.$ref === "string" ? defName(node.$ref) : undefined;
      if (name === undefined || found.has(name) || !Object.hasOwn(defs, name)) return;
      found.add(name);
      pending.push(defs[name]);
    });
  }
  return [...found].sort();
}

/** A self-contained copy of `schema`: the root plus exactly the definitions it references. */
export function selfContained(schema: SchemaObject, defs: Readonly<Record<string, unknown>>): SchemaObject {
  const names = referencedDefs(schema, defs);
  if (names.length === 0) return schema;
  return { ...schema, $defs: Object.fromEntries(names.map((n) => [n, defs[n]])) };
}
