import { childPointer, resolvePointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";

/**
 * What a spec declares about one instance location, merged over every schema applied to it in
 * place (allOf/anyOf/oneOf members, then/else, dependentSchemas, `$ref` targets): a member is
 * declared when any of them names it, a pattern matches it, or one has a rest schema (an
 * `additionalProperties`/`unevaluatedProperties` schema, a map). `true` declares nothing.
 * Children are the pointers of the subschemas that apply to a member or item.
 */
export interface Shape {
  readonly objects: boolean;
  readonly names: ReadonlyMap<string, string[]>;
  readonly patterns: ReadonlyMap<string, string[]>;
  readonly rest: readonly string[];
  readonly prefix: readonly string[][];
  readonly items: readonly string[];
}

const OBJECT_KEYWORDS = ["properties", "patternProperties", "required", "additionalProperties", "unevaluatedProperties", "propertyNames"];
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];

const isObjectish = (node: SchemaObject): boolean =>
  node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) || OBJECT_KEYWORDS.some((k) => k in node);

/** Every schema (by pointer) applied in place at the locations `pointers` name. */
function terms(document: unknown, pointers: readonly string[]): [string, SchemaObject][] {
  const found = new Map<string, SchemaObject>();
  const visit = (pointer: string): void => {
    const node = resolvePointer(document, pointer)?.value;
    if (found.has(pointer) || !isSchemaObject(node)) return;
    found.set(pointer, node);
    for (const keyword of IN_PLACE_LISTS) if (Array.isArray(node[keyword])) node[keyword].forEach((_m, i) => visit(childPointer(childPointer(pointer, keyword), i)));
    for (const keyword of ["then", "else"]) if (keyword in node) visit(childPointer(pointer, keyword));
    if (isSchemaObject(node.dependentSchemas)) for (const name of Object.keys(node.dependentSchemas)) visit(childPointer(childPointer(pointer, "dependentSchemas"), name));
    // References are bundled into the same document; only local ones remain.
    if (typeof node.$ref === "string" && node.$ref.startsWith("#")) visit(decodeURIComponent(node.$ref.slice(1)));
  };
  pointers.forEach(visit);
  return [...found];
}

const add = (map: Map<string, string[]>, key: string, pointer: string): void => void (map.get(key) ?? map.set(key, []).get(key)!).push(pointer);

export function shapeOf(document: unknown, pointers: readonly string[]): Shape {
  const names = new Map<string, string[]>();
  const patterns = new Map<string, string[]>();
  const rest: string[] = [];
  const prefix: string[][] = [];
  const items: string[] = [];
  let objects = false;
  for (const [pointer, node] of terms(document, pointers)) {
    objects ||= isObjectish(node);
    if (isSchemaObject(node.properties)) for (const name of Object.keys(node.properties)) add(names, name, childPointer(childPointer(pointer, "properties"), name));
    if (isSchemaObject(node.patternProperties)) for (const p of Object.keys(node.patternProperties)) add(patterns, p, childPointer(childPointer(pointer, "patternProperties"), p));
    for (const keyword of ["additionalProperties", "unevaluatedProperties"]) if (isSchemaObject(node[keyword])) rest.push(childPointer(pointer, keyword));
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach((_m, i) => (prefix[i] ??= []).push(childPointer(childPointer(pointer, "prefixItems"), i)));
    if (isSchemaObject(node.items)) items.push(childPointer(pointer, "items"));
  }
  return { objects, names, patterns, rest, prefix, items };
}

/** Whether anything below a location can be undeclared: an object's members, or items to look into. */
export const hasMembers = (shape: Shape): boolean => shape.objects || shape.prefix.length > 0 || shape.items.length > 0;
