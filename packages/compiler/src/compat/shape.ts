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
// Recursive and very wide schemas are cut here (deeper or later members are shown as "any type");
// deeper changes still change the spec hash. Depth alone does not bound the walk: four recursive
// properties reach 4^12 nodes, so a node budget shared by the whole walk bounds its breadth too.
const MAX_DEPTH = 12;
const MAX_NODES = 500;

function typesOf(node: SchemaObject): string[] {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return [...node.type].map(String).sort();
  const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
  if (!values) return isSchemaObject(node.properties) ? ["object"] : ALL_TYPES;
  const kinds = values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v));
  return [...new Set(kinds)].sort();
}

export function shapeOf(schema: unknown, defs: Defs): Shape {
  return new ShapeWalk(defs).shape(schema, 0);
}

class ShapeWalk {
  #nodes = 0;
  constructor(private readonly defs: Defs) {}

  shape(schema: unknown, depth: number): Shape {
    const node = deref(schema, this.defs)?.schema;
    if (!node || depth > MAX_DEPTH || ++this.#nodes > MAX_NODES) return { types: ALL_TYPES };
    const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
    const shape: { -readonly [K in keyof Shape]: Shape[K] } = { types: typesOf(node) };
    if (values) shape.enum = values.map((v) => JSON.stringify(v)).sort();
    const members = [node, ...(Array.isArray(node.allOf) ? node.allOf.map((m) => deref(m, this.defs)?.schema).filter(isSchemaObject) : [])];
    const properties: Record<string, Shape> = {};
    const required = new Set<string>();
    for (const member of members) {
      if (isSchemaObject(member.properties)) for (const [k, v] of Object.entries(member.properties)) properties[k] = this.shape(v, depth + 1);
      if (Array.isArray(member.required)) for (const r of member.required) required.add(String(r));
    }
    if (Object.keys(properties).length > 0) shape.properties = properties;
    if (required.size > 0) shape.required = [...required].sort();
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) shape.open = true;
    if (isSchemaObject(node.items)) shape.items = this.shape(node.items, depth + 1);
    return shape;
  }
}
