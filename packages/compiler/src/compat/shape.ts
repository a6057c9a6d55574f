import { createHash } from "node:crypto";
import { deref, type Defs } from "../front/paths.js";
import { ANNOTATION_KEYWORDS, VENDOR_ANNOTATIONS } from "../schema/keywords.js";
import { referencedDefs } from "../schema/refs.js";
import { isSchemaObject, type SchemaObject } from "../schema/walk.js";

/**
 * The part of a schema the breaking-change gate compares: which JSON types a value may have, its
 * enum, bounds, pattern and format, and for objects and arrays the same for each member. Whatever
 * it cannot compare structurally (anyOf, oneOf, not, if, prefixItems, …) is kept as a hash, so a
 * change there is reported as "cannot classify" rather than guessed compatible.
 */
export interface Shape {
  readonly types: readonly string[];
  readonly enum?: readonly string[];
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Shape>>;
  readonly items?: Shape;
  /** An object that accepts members it does not declare. */
  readonly open?: boolean;
  /** Numeric bounds (`maxLength`, `minimum`, …) by keyword. */
  readonly bounds?: Readonly<Record<string, number>>;
  /** `pattern`, `format`, `multipleOf` and `uniqueItems`, as JSON text, by keyword. */
  readonly exact?: Readonly<Record<string, string>>;
  /** Hash of the keywords compared as a whole (and the definitions they reference). */
  readonly opaque?: string;
}

export const ALL_TYPES: readonly string[] = ["array", "boolean", "integer", "null", "number", "object", "string"];
export const ANY: Shape = { types: ALL_TYPES, open: true };

/** Upper bounds: a lower value (or a new one) accepts less. */
export const UPPER_BOUNDS: readonly string[] = ["exclusiveMaximum", "maxContains", "maxItems", "maxLength", "maxProperties", "maximum"];
/** Lower bounds: a higher value (or a new one) accepts less. */
export const LOWER_BOUNDS: readonly string[] = ["exclusiveMinimum", "minContains", "minItems", "minLength", "minProperties", "minimum"];
const EXACT = ["format", "multipleOf", "pattern", "uniqueItems"];
const STRUCTURAL = ["type", "enum", "const", "properties", "required", "items", "allOf", "additionalProperties", "unevaluatedProperties"];
const COMPARED = new Set([...STRUCTURAL, ...UPPER_BOUNDS, ...LOWER_BOUNDS, ...EXACT, ...ANNOTATION_KEYWORDS, ...VENDOR_ANNOTATIONS]);

// Recursive and very wide schemas are cut here; a cut node is compared by the hash of its whole
// subtree and every definition, so a change below the cut is "cannot classify", never silent.
// Depth alone does not bound the walk (four recursive properties reach 4^12 nodes): a node budget does.
const MAX_DEPTH = 12;
const MAX_NODES = 500;

const hash = (value: unknown): string => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

function typesOf(node: SchemaObject): string[] {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return [...node.type].map(String).sort();
  const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
  if (!values) return isSchemaObject(node.properties) ? ["object"] : [...ALL_TYPES];
  const kinds = values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? "number" : typeof v));
  return [...new Set(kinds)].sort();
}

/** A schema's own keywords the walk does not compare one by one (`x-*` extensions are annotations). */
function uncompared(node: SchemaObject): [string, unknown][] {
  const kept = Object.entries(node).filter(([k]) => !COMPARED.has(k) && !k.startsWith("x-"));
  // Booleans here are openness (compared); a schema for the other members, or `items: false`, is not.
  for (const k of ["additionalProperties", "unevaluatedProperties"]) if (k in node && typeof node[k] !== "boolean") kept.push([k, node[k]]);
  if ("items" in node && !isSchemaObject(node.items)) kept.push(["items", node.items]);
  return kept.sort(([a], [b]) => (a < b ? -1 : 1));
}

const closes = (value: unknown): boolean => value === false;

export function shapeOf(schema: unknown, defs: Defs): Shape {
  return new ShapeWalk(defs).shape(schema, 0);
}

class ShapeWalk {
  #nodes = 0;
  #defsText: string | undefined;
  constructor(private readonly defs: Defs) {}

  /** A cut node's hash covers every definition: serialized once per walk, however many nodes are cut. */
  private cut(schema: unknown): Shape {
    this.#defsText ??= JSON.stringify(this.defs);
    return { types: ALL_TYPES, opaque: hash([schema, this.#defsText]) };
  }

  shape(schema: unknown, depth: number): Shape {
    if (schema === true) return ANY;
    const node = deref(schema, this.defs)?.schema;
    if (!node || depth > MAX_DEPTH || ++this.#nodes > MAX_NODES) return this.cut(schema);
    const members = [node, ...(Array.isArray(node.allOf) ? node.allOf.map((m) => deref(m, this.defs)?.schema ?? m) : [])];
    const shape: { -readonly [K in keyof Shape]: Shape[K] } = { types: typesOf(node) };
    const values = Array.isArray(node.enum) ? node.enum : "const" in node ? [node.const] : undefined;
    if (values) shape.enum = values.map((v) => JSON.stringify(v)).sort();
    this.members(shape, members, depth);
    if (shape.types.includes("object") && !members.some((m) => isSchemaObject(m) && (closes(m.additionalProperties) || closes(m.unevaluatedProperties)))) shape.open = true;
    if (isSchemaObject(node.items)) shape.items = this.shape(node.items, depth + 1);
    this.keywords(shape, node, members.slice(1));
    return shape;
  }

  /** Properties and required fields of the node and its allOf members, merged. */
  private members(shape: { properties?: Record<string, Shape>; required?: readonly string[] }, members: readonly unknown[], depth: number): void {
    const properties: Record<string, Shape> = {};
    const required = new Set<string>();
    for (const member of members.filter(isSchemaObject)) {
      if (isSchemaObject(member.properties)) for (const [k, v] of Object.entries(member.properties)) properties[k] = this.shape(v, depth + 1);
      if (Array.isArray(member.required)) for (const r of member.required) required.add(String(r));
    }
    if (Object.keys(properties).length > 0) shape.properties = properties;
    if (required.size > 0) shape.required = [...required].sort();
  }

  /** Bounds and exact keywords of the node; everything else (and every allOf member's other keywords) as one hash. */
  private keywords(shape: { bounds?: Record<string, number>; exact?: Record<string, string>; opaque?: string }, node: SchemaObject, allOf: readonly unknown[]): void {
    const bounds = Object.fromEntries([...UPPER_BOUNDS, ...LOWER_BOUNDS].filter((k) => typeof node[k] === "number").map((k) => [k, node[k] as number]));
    const exact = Object.fromEntries(EXACT.filter((k) => k in node).map((k) => [k, JSON.stringify(node[k])]));
    if (Object.keys(bounds).length > 0) shape.bounds = bounds;
    if (Object.keys(exact).length > 0) shape.exact = exact;
    const own = uncompared(node);
    const others = allOf.map((m) => (isSchemaObject(m) ? Object.fromEntries(Object.entries(m).filter(([k]) => k !== "properties" && k !== "required")) : m));
    if (own.length === 0 && others.every((m) => isSchemaObject(m) && Object.keys(m).length === 0)) return;
    // As a schema, so referencedDefs finds the definitions its refs reach.
    const rest = { ...Object.fromEntries(own), allOf: others };
    shape.opaque = hash([rest, referencedDefs(rest, this.defs).map((n) => [n, this.defs[n]])]);
  }
}
