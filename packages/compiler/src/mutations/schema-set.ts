import { decodeFragment, resolvePointer } from "../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../schema/walk.js";

/**
 * The schemas that apply to one instance conjunctively: the node itself, its `$ref` target and its
 * `allOf` members, recursively. A keyword of any of them that refuses a value refuses the whole
 * response, whatever unions elsewhere say; that is what makes a mutation's verdict certain.
 */
export interface SchemaSet {
  readonly nodes: readonly SchemaObject[];
  /** false when a `$ref` did not resolve, a `false` schema applies, or a dynamic ref is involved. */
  readonly resolved: boolean;
}

const ANNOTATIONS = new Set([
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
  "$id", "$anchor", "$schema", "$defs", "$dynamicAnchor", "contentMediaType", "contentEncoding", "contentSchema",
]);
/** Keywords that read a container but not the values below it: a changed leaf cannot flip them. */
const STRUCTURAL = new Set([
  "type", "properties", "patternProperties", "additionalProperties", "required", "items", "prefixItems", "allOf",
  "$ref", "minItems", "maxItems", "minProperties", "maxProperties", "dependentRequired", "propertyNames",
]);
const STRUCTURAL_OR_UNEVALUATED = new Set([...STRUCTURAL, "unevaluatedProperties", "unevaluatedItems"]);
/** Keywords on a scalar that `leafAccepts` evaluates exactly; structural ones do not apply to a scalar. */
const LEAF = new Set([
  ...STRUCTURAL, "enum", "const", "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
  "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "unevaluatedProperties", "unevaluatedItems",
]);

export class SchemaScope {
  constructor(private readonly document: unknown) {}

  /** The conjunctive set of `schema` (a schema of this scope's document). */
  setOf(schemas: readonly unknown[]): SchemaSet {
    const nodes: SchemaObject[] = [];
    let resolved = true;
    const visit = (schema: unknown): void => {
      if (schema === true) return;
      if (!isSchemaObject(schema)) return void (resolved = false);
      if (nodes.includes(schema)) return;
      nodes.push(schema);
      if ("$dynamicRef" in schema) resolved = false;
      if (typeof schema.$ref === "string") {
        const target = this.resolve(schema.$ref);
        if (target === undefined) resolved = false;
        else visit(target);
      }
      if (Array.isArray(schema.allOf)) schema.allOf.forEach(visit);
    };
    schemas.forEach(visit);
    return { nodes, resolved };
  }

  private resolve(ref: string): unknown {
    if (!ref.startsWith("#")) return undefined;
    const pointer = decodeFragment(ref.slice(1));
    return pointer === undefined ? undefined : resolvePointer(this.document, pointer)?.value;
  }

  /** The set of a member `key` of an object the set applies to. */
  member(set: SchemaSet, key: string): SchemaSet {
    const schemas: unknown[] = [];
    for (const node of set.nodes) {
      const named = isSchemaObject(node.properties) && Object.hasOwn(node.properties, key) ? [node.properties[key]] : [];
      const patterned = isSchemaObject(node.patternProperties)
        ? Object.entries(node.patternProperties).filter(([p]) => matches(p, key)).map(([, s]) => s)
        : [];
      const rest = named.length + patterned.length === 0 && node.additionalProperties !== undefined ? [node.additionalProperties] : [];
      schemas.push(...named, ...patterned, ...rest);
    }
    const child = this.setOf(schemas);
    return { nodes: child.nodes, resolved: child.resolved && set.resolved };
  }

  /** The set of item `index` of an array the set applies to. */
  item(set: SchemaSet, index: number): SchemaSet {
    const schemas: unknown[] = [];
    for (const node of set.nodes) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      if (index < prefix.length) schemas.push(prefix[index]);
      else if (node.items !== undefined) schemas.push(node.items);
    }
    const child = this.setOf(schemas);
    return { nodes: child.nodes, resolved: child.resolved && set.resolved };
  }
}

/** Whether `pattern` (ECMA-262, `u`) matches `text`; an invalid pattern matches nothing we rely on. */
export function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

const onlyKeywords = (set: SchemaSet, allowed: ReadonlySet<string>): boolean =>
  set.resolved && set.nodes.every((node) => Object.keys(node).every((k) => allowed.has(k) || ANNOTATIONS.has(k)));

const booleanUnevaluated = (set: SchemaSet): boolean =>
  set.nodes.every((n) => ["unevaluatedProperties", "unevaluatedItems"].every((k) => !Object.hasOwn(n, k) || typeof n[k] === "boolean"));

/** No keyword of the set could change its verdict when a value below it changes (within its own schema). */
export const isStructural = (set: SchemaSet): boolean => onlyKeywords(set, STRUCTURAL_OR_UNEVALUATED) && booleanUnevaluated(set);

/** Every keyword of the set is one `leafAccepts` evaluates on a scalar (or one that ignores scalars). */
export const isSimpleLeaf = (set: SchemaSet): boolean => onlyKeywords(set, LEAF);

/** Every value of `keyword` in the set (each node's own). */
export const valuesOf = (set: SchemaSet, keyword: string): unknown[] =>
  set.nodes.filter((n) => Object.hasOwn(n, keyword)).map((n) => n[keyword]);

/** The numeric values of `keyword` in the set. */
export const numbersOf = (set: SchemaSet, keyword: string): number[] =>
  valuesOf(set, keyword).filter((v): v is number => typeof v === "number" && Number.isFinite(v));

/** The `type` keywords of the set, each as a list. */
export const typeLists = (set: SchemaSet): string[][] =>
  valuesOf(set, "type").map((t) => (Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : typeof t === "string" ? [t] : []));

/** The JSON type name of a value as `type` reads it ("integer" for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const typeAllows = (list: readonly string[], value: unknown): boolean => {
  const type = jsonType(value);
  return list.includes(type) || (type === "integer" && list.includes("number"));
};

/** True when some `type` keyword of the set refuses `value`. */
export const typeRefuses = (set: SchemaSet, value: unknown): boolean => typeLists(set).some((list) => !typeAllows(list, value));

/** True when every `type` keyword of the set allows `value`. */
export const typeAccepts = (set: SchemaSet, value: unknown): boolean => !typeRefuses(set, value);
