import { deepEqual } from "@toolgate/runtime";
import { selfContained } from "../../../schema/refs.js";
import { isSchemaObject, transformSchema, type SchemaObject } from "../../../schema/walk.js";

/**
 * What every target starts from: a self-contained schema (root plus the `$defs` it uses) in which
 * the front end's 2020-12-only closing is rewritten wherever a form exists that validates the same
 * under draft-07 and 2020-12 and that strict LLM dialects accept:
 * - an `allOf` of plain object members, closed by `unevaluatedProperties: false` (how the
 *   normaliser closes compositions), becomes one object closed by `additionalProperties: false`;
 * - `unevaluatedProperties: false` beside a `$ref`, `anyOf` or `oneOf` whose alternatives each close
 *   themselves (or cannot be objects) is dropped.
 * Each node remembers the tool-space pointer it came from, so diagnostics name the spec line.
 */
export interface DialectSchema {
  readonly schema: SchemaObject;
  /** The `/input/…`, `/output/…` or `/$defs/…` pointer a node of `schema` came from. */
  readonly origin: (node: SchemaObject) => string;
}

const ANNOTATIONS = ["title", "description"];
const MEMBER_KEYWORDS = new Set(["type", "properties", "required"]);
const PARENT_KEYWORDS = new Set(["allOf", "type", "unevaluatedProperties", ...ANNOTATIONS]);

export function portable(root: SchemaObject, rootPointer: string, defs: Readonly<Record<string, unknown>>): DialectSchema {
  const origins = new WeakMap<object, string>();
  const rewrite = (node: SchemaObject, pointer: string): SchemaObject => {
    const result = mergeObjectAllOf(node) ?? dropRedundantClose(node, defs) ?? node;
    origins.set(result, pointer);
    return result;
  };
  const { $defs: used = {}, ...bare } = selfContained(root, defs);
  const convert = (schema: unknown, pointer: string): SchemaObject => transformSchema(schema, pointer, rewrite) as SchemaObject;
  const converted = Object.entries(used as Record<string, unknown>).map(([name, def]) => [name, convert(def, `/$defs/${name}`)]);
  const schema = converted.length === 0 ? convert(bare, rootPointer) : { ...convert(bare, rootPointer), $defs: Object.fromEntries(converted) };
  origins.set(schema, rootPointer);
  return { schema, origin: (node) => origins.get(node) ?? rootPointer };
}

/** The single object an `allOf` of plain object members describes, or undefined if that would change its meaning. */
function mergeObjectAllOf(node: SchemaObject): SchemaObject | undefined {
  const members = node.allOf;
  if (!Array.isArray(members) || !Object.keys(node).every((k) => PARENT_KEYWORDS.has(k))) return undefined;
  if ((node.type !== undefined && node.type !== "object") || (node.unevaluatedProperties ?? false) !== false) return undefined;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const member of members) {
    if (!isSchemaObject(member) || member.type !== "object" || !Object.keys(member).every((k) => MEMBER_KEYWORDS.has(k))) return undefined;
    for (const [key, schema] of Object.entries(isSchemaObject(member.properties) ? member.properties : {})) {
      // Two members constraining one property would need both constraints: keep the allOf.
      if (Object.hasOwn(properties, key) && !deepEqual(properties[key], schema)) return undefined;
      Object.defineProperty(properties, key, { value: schema, enumerable: true, writable: true, configurable: true });
    }
    const names = Array.isArray(member.required) ? member.required.filter((r): r is string => typeof r === "string") : [];
    for (const name of names) if (!required.includes(name)) required.push(name);
  }
  const annotations = Object.fromEntries(ANNOTATIONS.filter((k) => k in node).map((k) => [k, node[k]]));
  const closed = node.unevaluatedProperties === false ? { additionalProperties: false } : {};
  return { type: "object", ...annotations, properties, ...(required.length > 0 ? { required } : {}), ...closed };
}

/**
 * `unevaluatedProperties: false` adds nothing to a `$ref`, `anyOf` or `oneOf` whose every alternative
 * closes itself or cannot be an object, so it is dropped there.
 */
function dropRedundantClose(node: SchemaObject, defs: Readonly<Record<string, unknown>>): SchemaObject | undefined {
  if (node.unevaluatedProperties !== false) return undefined;
  const { unevaluatedProperties: _closed, ...rest } = node;
  const only = (keyword: string): boolean => Object.keys(rest).every((k) => k === keyword || ANNOTATIONS.includes(k));
  const alternatives = typeof rest.$ref === "string" && only("$ref") ? [rest]
    : Array.isArray(rest.anyOf) && only("anyOf") ? rest.anyOf
    : Array.isArray(rest.oneOf) && only("oneOf") ? rest.oneOf
    : undefined;
  return alternatives?.every((a) => closesItself(a, defs, new Set())) ? rest : undefined;
}

function closesItself(schema: unknown, defs: Readonly<Record<string, unknown>>, seen: Set<string>): boolean {
  if (!isSchemaObject(schema)) return schema === false;
  if (schema.additionalProperties === false || mergeObjectAllOf(schema)?.additionalProperties === false) return true;
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (types !== undefined && !types.includes("object")) return true;
  const name = typeof schema.$ref === "string" && schema.$ref.startsWith("#/$defs/") ? schema.$ref.slice(8) : "";
  if (!Object.hasOwn(defs, name) || seen.has(name)) return false;
  return closesItself(defs[name], defs, seen.add(name));
}
