import { RESERVED_PROPERTY_NAMES } from "../../check/schema-rules.js";
import { resolvePointer } from "../../load/pointer.js";
import { ANNOTATION_KEYWORDS } from "../../schema/keywords.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import { tagTable } from "./applicators.js";
import { declaredTypes } from "./node.js";
import { refPointer } from "./refs.js";

/**
 * Whether a root's boolean validator can count the members of the data it accepts, and the deepest
 * nesting such data can have. The runtime's strict parse then takes the count instead of walking
 * the tree (json/fast.ts): equal to the text's colons after quotes, it proves no name repeated.
 *
 * The count is sound only if it can never exceed the tree's members, and the proof also stands in
 * for the walk's other checks, so a schema qualifies only when every value it accepts is visited
 * exactly once by code that checks it:
 * - every object is closed (`additionalProperties: false`), so its one for-in loop counts each of
 *   its members; no declared name is one the walk treats as forbidden;
 * - every array has one `items` schema, and every node a `type` (or scalar `enum`/`const`), so no
 *   value passes unvisited: an unvisited array of arrays has no members to miss, yet could nest
 *   deeper than the limit;
 * - no applicator runs a second schema on the same value (allOf, anyOf, if, not, a `$ref` with
 *   siblings each would count an object twice), except a discriminated oneOf, which runs only the
 *   branch its tag names; no recursion, so the nesting has a static bound;
 * - numbers are checked against the safe range where the schema admits them (lean/node.ts), and a
 *   numeric `enum`/`const` lies inside it.
 * Anything else leaves the root without a proof, and the parse walks the tree as before.
 */

const MAX = Number.MAX_SAFE_INTEGER;

const COUNTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  ...ANNOTATION_KEYWORDS,
  ...["type", "enum", "const", "format", "pattern", "minLength", "maxLength"],
  ...["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  ...["properties", "required", "additionalProperties", "minProperties", "maxProperties"],
  ...["items", "minItems", "maxItems", "uniqueItems", "$ref", "oneOf", "discriminator"],
]);
const SIBLINGS_OF_REF: ReadonlySet<string> = new Set([...ANNOTATION_KEYWORDS, "$ref"]);

const scalarConstant = (v: unknown): boolean =>
  v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && v <= MAX && v >= -MAX);

/** The deepest nesting of containers at and below `node`, or undefined when it is not countable. */
function depthOf(node: unknown, document: unknown, visiting: Set<string>): number | undefined {
  if (node === false) return 0;
  if (!isSchemaObject(node) || Object.keys(node).some((k) => !COUNTABLE_KEYWORDS.has(k))) return undefined;
  if (node.$ref !== undefined) return refDepth(node, document, visiting);
  const constants = [...(Array.isArray(node.enum) ? node.enum : []), ...("const" in node ? [node.const] : [])];
  if (!constants.every(scalarConstant)) return undefined;
  if (node.oneOf !== undefined || node.discriminator !== undefined) return taggedDepth(node, document, visiting);
  const types = declaredTypes(node);
  if (types === undefined || types.length === 0) return constants.length > 0 ? 0 : undefined;
  let deepest = 0;
  for (const type of types) {
    const depth = type === "object" ? objectDepth(node, document, visiting) : type === "array" ? arrayDepth(node, document, visiting) : 0;
    if (depth === undefined) return undefined;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

function refDepth(node: SchemaObject, document: unknown, visiting: Set<string>): number | undefined {
  if (Object.keys(node).some((k) => !SIBLINGS_OF_REF.has(k))) return undefined;
  let pointer: string | undefined;
  try {
    pointer = refPointer(node);
  } catch {
    return undefined;
  }
  const target = pointer === undefined ? undefined : resolvePointer(document, pointer);
  if (pointer === undefined || target === undefined || visiting.has(pointer)) return undefined;
  visiting.add(pointer);
  const depth = depthOf(target.value, document, visiting);
  visiting.delete(pointer);
  return depth;
}

/** A discriminated oneOf: the branch its tag names is the only schema run, and it closes the object. */
function taggedDepth(node: SchemaObject, document: unknown, visiting: Set<string>): number | undefined {
  const branches = Array.isArray(node.oneOf) ? node.oneOf : [];
  if (branches.length === 0 || node.properties !== undefined || node.additionalProperties !== undefined) return undefined;
  let table: Map<string, number> | undefined;
  try {
    table = tagTable(node, branches, document);
  } catch {
    return undefined;
  }
  if (table === undefined) return undefined;
  let deepest = 1;
  for (const branch of branches) {
    // The tag switch runs a branch on a value already checked to be an object: an untyped one is an object schema.
    const typed = isSchemaObject(branch) && branch.type === undefined && branch.$ref === undefined ? { ...branch, type: "object" } : branch;
    const depth = depthOf(typed, document, visiting);
    if (depth === undefined) return undefined;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

function objectDepth(node: SchemaObject, document: unknown, visiting: Set<string>): number | undefined {
  if (node.additionalProperties !== false) return undefined;
  const properties = node.properties === undefined ? {} : node.properties;
  if (!isSchemaObject(properties)) return undefined;
  let deepest = 0;
  for (const [name, sub] of Object.entries(properties)) {
    const depth = RESERVED_PROPERTY_NAMES.has(name) ? undefined : depthOf(sub, document, visiting);
    if (depth === undefined) return undefined;
    deepest = Math.max(deepest, depth);
  }
  return 1 + deepest;
}

function arrayDepth(node: SchemaObject, document: unknown, visiting: Set<string>): number | undefined {
  if (!isSchemaObject(node.items) && node.items !== false) return undefined;
  const depth = depthOf(node.items, document, visiting);
  return depth === undefined ? undefined : 1 + depth;
}

/** The nesting bound of what the root at `pointer` accepts, when its validator can count members. */
export function countableDepth(document: unknown, pointer: string): number | undefined {
  const root = resolvePointer(document, pointer);
  return root === undefined ? undefined : depthOf(root.value, document, new Set([pointer]));
}
