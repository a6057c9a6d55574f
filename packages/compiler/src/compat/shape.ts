import { deref, type Defs } from "../front/paths.js";
import { isSchemaObject, type SchemaObject } from "../schema/walk.js";

/**
 * The part of a schema a consumer can depend on, small enough to keep in the manifest: which JSON
 * types a value may have, its enum, and for objects and arrays the same for each member.
 */
export interface Shape {
  readonly types: readonly string[];
  readonly enum?: readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Shape>>;
  readonly items?: Shape;
  readonly open?: boolean;
}

const ALL_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];
// Recursive schemas are cut here; deeper changes still change the spec hash.
const MAX_DEPTH = 12;

function typesOf(node: SchemaObject): string[] {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return [...node.type].map(String).sort();
  const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
  if (!values) return isSchemaObject(node.properties) ? ["object"] : ALL_TYPES;
  const kinds = values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v));
  return [...new Set(kinds)].sort();
}

export function shapeOf(schema: unknown, defs: Defs, depth = 0): Shape {
  const node = deref(schema, defs)?.schema;
  if (!node || depth > MAX_DEPTH) return { types: ALL_TYPES };
  const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
  const shape: { -readonly [K in keyof Shape]: Shape[K] } = { types: typesOf(node) };
  if (values) shape.enum = values.map((v) => JSON.stringify(v)).sort();
  const members = [node, ...(Array.isArray(node.allOf) ? node.allOf.map((m) => deref(m, defs)?.schema).filter(isSchemaObject) : [])];
  const properties: Record<string, Shape> = {};
  const required = new Set<string>();
  for (const member of members) {
    if (isSchemaObject(member.properties)) for (const [k, v] of Object.entries(member.properties)) properties[k] = shapeOf(v, defs, depth + 1);
    if (Array.isArray(member.required)) for (const r of member.required) required.add(String(r));
  }
  if (Object.keys(properties).length > 0) shape.properties = properties;
  if (required.size > 0) shape.required = [...required].sort();
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) shape.open = true;
  if (isSchemaObject(node.items)) shape.items = shapeOf(node.items, defs, depth + 1);
  return shape;
}
