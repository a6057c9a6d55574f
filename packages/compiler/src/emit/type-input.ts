import { safeStringify } from "../codegen/code.js";
import { isPureRef } from "../schema/refs.js";
import { isSchemaObject, transformSchema, type SchemaObject } from "../schema/walk.js";

// json-schema-to-typescript works on its input schema, never on text we hand back: each adjustment
// below is a schema rewrite that makes jstt declare the types we want.

// jstt quotes patternProperties keys into a comment but escapes only their first `*/`. In a regex `\/`
// means `/`, so escaping every one changes no pattern and keeps the comment closed.
function defusePatternKeys(node: SchemaObject): SchemaObject {
  if (!isSchemaObject(node.patternProperties)) return node;
  const patterns = Object.entries(node.patternProperties).map(([k, v]) => [k.replaceAll("*/", "*\\/"), v]);
  return { ...node, patternProperties: Object.fromEntries(patterns) };
}

// A $ref beside annotations (a description) reaches jstt as a merged copy of its target, which jstt
// declares again as `Node1`, `Node2`; under allOf the ref stays a reference to the one `Node`.
function refApart(node: SchemaObject): SchemaObject {
  if (!isPureRef(node) || Object.keys(node).length === 1) return node;
  const { $ref, ...annotations } = node;
  return { ...annotations, allOf: [{ $ref }] };
}

/** True when `value` holds an object with an own `hasOwnProperty` key at any depth. */
const shadowsHasOwn = (value: unknown): boolean =>
  value !== null && typeof value === "object" && (Object.hasOwn(value, "hasOwnProperty") || Object.values(value).some(shadowsHasOwn));

// jstt's linker walks data values as if they were schemas and calls `value.hasOwnProperty(…)`, so a
// const or enum value with that key crashes it. Such a node gets the literal type jstt would have
// written (JSON is TypeScript type syntax), and its data-only annotations are left out.
function literalType(node: SchemaObject): SchemaObject {
  const data = [node.const, node.enum, node.default];
  if (!data.some(shadowsHasOwn)) return node;
  const { const: constant, enum: values, default: _default, ...rest } = node;
  if (Object.hasOwn(node, "const")) return { ...rest, tsType: safeStringify(constant) };
  if (Array.isArray(values)) return { ...rest, tsType: values.map((v) => safeStringify(v)).join(" | ") };
  return rest;
}

// `examples` is data that jstt never prints, but its ref parser walks it and fails on an example that
// holds a `$ref` (AsyncAPI's Reference Object examples: `{ $ref: "#/components/schemas/Pet" }`).
function withoutExamples(node: SchemaObject): SchemaObject {
  if (!Object.hasOwn(node, "examples")) return node;
  const { examples: _examples, ...rest } = node;
  return rest;
}

// jstt reads a list of types beside allOf as an intersection it extends in place, which a recursive
// allOf member (the JSON Schema metaschema's `allOf` of vocabularies under `type: [object, boolean]`)
// has not built yet: it crashes. The node's own keywords as one more allOf member mean the same.
function ownKeywordsIntoAllOf(node: SchemaObject): SchemaObject {
  if (!Array.isArray(node.allOf) || !Array.isArray(node.type) || node.type.length < 2) return node;
  const { allOf, title, description, ...own } = node;
  const annotations = Object.fromEntries(Object.entries({ title, description }).filter(([, v]) => v !== undefined));
  return { ...annotations, allOf: [...allOf, own] };
}

// jstt reads the empty schema `{}` as `unknown` and folds every union holding it into `unknown`: a
// definition `{}` under the synthetic root's anyOf leaves it declaring nothing at all. Spelled as
// the type it is, the definition is declared like any other.
const unconstrained = (node: SchemaObject): SchemaObject => (Object.keys(node).length === 0 ? { tsType: "unknown" } : node);

/** The schema jstt compiles, rewritten so its declarations need no editing afterwards. */
export const typeInput = (schema: SchemaObject): SchemaObject =>
  transformSchema(schema, "", (node) => unconstrained(literalType(withoutExamples(ownKeywordsIntoAllOf(refApart(defusePatternKeys(node))))))) as SchemaObject;
