/**
 * Schema-aware traversal. Only subschema positions are visited, so data keywords (enum, const,
 * default, examples) and property *names* such as "$ref" are never mistaken for schemas.
 */
import { childPointer } from "../load/pointer.js";

export type SchemaObject = { readonly [keyword: string]: unknown };
export type Schema = SchemaObject | boolean;

const MAP_KEYWORDS = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"];
const ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SINGLE_KEYWORDS = [
  "additionalItems", "additionalProperties", "contains", "else", "if", "items", "not",
  "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties",
];

export const isSchemaObject = (value: unknown): value is SchemaObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

type Mapper = (node: unknown, pointer: string) => unknown;

/** `target[key] = value` as an own data member, also for `__proto__` (whose assignment sets the prototype). */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies `fn` to every direct subschema of `node`, returning a new object (the input is not touched). */
export function mapSubschemas(node: SchemaObject, pointer: string, fn: Mapper): SchemaObject {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    const at = childPointer(pointer, keyword);
    if (MAP_KEYWORDS.includes(keyword) && isSchemaObject(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v, childPointer(at, k))]));
    } else if ((ARRAY_KEYWORDS.includes(keyword) || keyword === "items") && Array.isArray(value)) {
      out[keyword] = value.map((v, i) => fn(v, childPointer(at, i)));
    } else if (SINGLE_KEYWORDS.includes(keyword)) {
      out[keyword] = fn(value, at);
    } else {
      out[keyword] = value;
    }
  }
  return out;
}

/** Rebuilds a schema bottom-up: children first, then `fn` on the rebuilt node. */
export function transformSchema(
  schema: unknown,
  pointer: string,
  fn: (node: SchemaObject, pointer: string) => SchemaObject,
): unknown {
  if (!isSchemaObject(schema)) return schema;
  const rebuilt = mapSubschemas(schema, pointer, (child, at) => transformSchema(child, at, fn));
  return fn(rebuilt, pointer);
}

/** Visits every schema object, parents before children. */
export function forEachSchema(schema: unknown, pointer: string, visit: (node: SchemaObject, pointer: string) => void): void {
  if (!isSchemaObject(schema)) return;
  visit(schema, pointer);
  mapSubschemas(schema, pointer, (child, at) => {
    forEachSchema(child, at, visit);
    return child;
  });
}

/** Deep-freezes plain data so IR values cannot be mutated by an emitter. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
