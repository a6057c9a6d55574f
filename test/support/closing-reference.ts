import { isSchemaObject } from "../../packages/compiler/src/schema/walk.js";

/**
 * The closing rule's specification, written apart from its implementation: `unevaluatedProperties:
 * false` added at the root of each object instance only. An instance root is the document root or a
 * schema reached through a keyword that moves to another instance (properties, items, …); schemas
 * applied in place (allOf/anyOf/oneOf/not/if/then/else/dependentSchemas, $defs, $ref targets) are
 * never touched. A root is closed when it, or anything applied in place to it, speaks of objects, and
 * the author has not chosen additionalProperties/unevaluatedProperties there.
 */

type Json = Record<string, unknown>;

const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_ONE = ["not", "if", "then", "else"];
const IN_PLACE_MAPS = ["dependentSchemas", "$defs", "definitions"];
const MOVES_ONE = ["items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames", "additionalItems"];
const MOVES_MAPS = ["properties", "patternProperties"];
const OBJECT_WORDS = ["properties", "patternProperties", "required", "propertyNames", "minProperties", "maxProperties", "dependentRequired"];

function speaksOfObjects(node: unknown, root: Json, seen: Set<string>): boolean {
  if (!isSchemaObject(node)) return false;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object") || OBJECT_WORDS.some((k) => k in node)) return true;
  if (typeof node.$ref === "string" && node.$ref.startsWith("#") && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const target = node.$ref.slice(2).split("/").filter(Boolean).map((t) => decodeURIComponent(t).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((at, token) => (isSchemaObject(at) ? at[token] : Array.isArray(at) ? at[Number(token)] : undefined), root);
    if (speaksOfObjects(target, root, seen)) return true;
  }
  const members = [
    ...IN_PLACE_LISTS.flatMap((k) => (Array.isArray(node[k]) ? node[k] : [])),
    ...IN_PLACE_ONE.map((k) => node[k]),
    ...(isSchemaObject(node.dependentSchemas) ? Object.values(node.dependentSchemas) : []),
  ];
  return members.some((m) => speaksOfObjects(m, root, seen));
}

function rewrite(node: unknown, root: Json, instanceRoot: boolean): unknown {
  if (!isSchemaObject(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (IN_PLACE_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map((m) => rewrite(m, root, false));
    else if (k === "prefixItems" && Array.isArray(v)) out[k] = v.map((m) => rewrite(m, root, true));
    else if (k === "items" && Array.isArray(v)) out[k] = v.map((m) => rewrite(m, root, true));
    else if (IN_PLACE_ONE.includes(k)) out[k] = rewrite(v, root, false);
    else if (IN_PLACE_MAPS.includes(k) && isSchemaObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, m]) => [n, rewrite(m, root, false)]));
    else if (MOVES_ONE.includes(k)) out[k] = rewrite(v, root, true);
    else if (MOVES_MAPS.includes(k) && isSchemaObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, m]) => [n, rewrite(m, root, true)]));
    else out[k] = v;
  }
  const chosen = "additionalProperties" in node || "unevaluatedProperties" in node;
  if (instanceRoot && !chosen && speaksOfObjects(node, root, new Set())) out.unevaluatedProperties = false;
  return out;
}

/** The schema the closed validator must agree with. */
export function referenceClosed(schema: unknown): unknown {
  return isSchemaObject(schema) ? rewrite(schema, schema, true) : schema;
}
