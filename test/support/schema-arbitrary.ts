import fc, { type Arbitrary } from "fast-check";
import { resolvePointer } from "../../packages/compiler/src/load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../packages/compiler/src/schema/walk.js";

/**
 * Instances for a schema of the spec subset, mostly valid: strings from the pattern (fast-check's
 * stringMatching) or the format, lengths and bounds respected, optional properties sometimes
 * present. Mutations (mutate below) then make near-misses. What it cannot aim at, it leaves to
 * fc.jsonValue, which the differential test only needs to be plausible, not valid.
 */

const MAX_DEPTH = 6;

const FORMATS: Record<string, Arbitrary<string>> = {
  "date-time": fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uuid: fc.uuid(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  email: fc.emailAddress(),
  hostname: fc.domain(),
  uri: fc.webUrl(),
};

function stringArbitrary(schema: SchemaObject): Arbitrary<string> {
  const maxLength = typeof schema.maxLength === "number" ? Math.min(schema.maxLength, 40) : 20;
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern, "u"), { size: "xsmall" });
  if (typeof schema.format === "string" && FORMATS[schema.format]) return FORMATS[schema.format]!;
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: "grapheme" });
}

function numberArbitrary(schema: SchemaObject, integer: boolean): Arbitrary<number> {
  const bound = (inclusive: unknown, exclusive: unknown, fallback: number, step: number): number =>
    typeof inclusive === "number" ? inclusive : typeof exclusive === "number" ? exclusive + step : fallback;
  const min = bound(schema.minimum, schema.exclusiveMinimum, -1000, 1);
  const max = bound(schema.maximum, schema.exclusiveMaximum, Math.max(min + 1000, 1000), -1);
  if (typeof schema.multipleOf === "number") {
    const m = schema.multipleOf;
    return fc.integer({ min: Math.ceil(min / m), max: Math.floor(max / m) }).map((k) => k * m);
  }
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** Names that must be present for a valid instance: required, both branches' required, dependents. */
function requiredNames(schema: SchemaObject): string[] {
  const out = [...names(schema.required)];
  for (const branch of [schema.then, schema.else]) if (isSchemaObject(branch)) out.push(...names(branch.required));
  if (isSchemaObject(schema.dependentRequired)) for (const [k, v] of Object.entries(schema.dependentRequired)) out.push(k, ...names(v));
  return out;
}

function objectArbitrary(schema: SchemaObject, document: unknown, depth: number): Arbitrary<Record<string, unknown>> {
  const properties = isSchemaObject(schema.properties) ? schema.properties : {};
  const required = requiredNames(schema);
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, instanceArbitrary(v, document, depth + 1)]));
  const [pattern, sub] = isSchemaObject(schema.patternProperties) ? (Object.entries(schema.patternProperties)[0] ?? []) : [];
  if (pattern !== undefined) {
    const maxKeys = typeof schema.maxProperties === "number" ? schema.maxProperties : 4;
    return fc.dictionary(fc.stringMatching(new RegExp(pattern, "u"), { size: "xsmall" }), instanceArbitrary(sub, document, depth + 1), { maxKeys });
  }
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
}

function arrayArbitrary(schema: SchemaObject, document: unknown, depth: number): Arbitrary<unknown[]> {
  if (Array.isArray(schema.prefixItems)) return fc.tuple(...schema.prefixItems.map((p) => instanceArbitrary(p, document, depth + 1)));
  const maxLength = typeof schema.maxItems === "number" ? Math.min(schema.maxItems, 4) : 4;
  const constraints = { maxLength, minLength: Math.min(Number(schema.minItems ?? 0), maxLength) };
  const item = instanceArbitrary(schema.items ?? true, document, depth + 1);
  const array = schema.uniqueItems === true ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
  if (!isSchemaObject(schema.contains) || !("const" in schema.contains)) return array;
  // Exactly one match satisfies contains with any minContains ≤ 1 ≤ maxContains.
  const needle = schema.contains.const;
  return array.map((a) => [needle, ...a.filter((v) => JSON.stringify(v) !== JSON.stringify(needle))]);
}

function byType(schema: SchemaObject, document: unknown, depth: number): Arbitrary<unknown> | undefined {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") return stringArbitrary(schema);
  if (type === "integer" || type === "number") return numberArbitrary(schema, type === "integer");
  if (type === "boolean") return fc.boolean();
  if (type === "null") return fc.constant(null);
  if (type === "array") return arrayArbitrary(schema, document, depth);
  if (type === "object" || isSchemaObject(schema.properties)) return objectArbitrary(schema, document, depth);
  return undefined;
}

/** A mostly valid instance of `schema` (a node of `document`, whose `#/…` refs it follows). */
export function instanceArbitrary(schema: unknown, document: unknown, depth = 0): Arbitrary<unknown> {
  if (!isSchemaObject(schema) || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 2 });
  if (typeof schema.$ref === "string") return instanceArbitrary(resolvePointer(document, decodeURIComponent(schema.$ref.slice(1)))?.value, document, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const keyword of ["oneOf", "anyOf"]) {
    if (Array.isArray(schema[keyword])) return fc.oneof(...(schema[keyword] as unknown[]).map((m) => instanceArbitrary({ ...schema, [keyword]: undefined, ...(m as object) }, document, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.type === "array") {
    // An array's members constrain the same items: merge their keywords into one array schema.
    return byType(Object.assign({}, ...(schema.allOf as object[]), { ...schema, allOf: undefined }), document, depth) ?? fc.jsonValue({ maxDepth: 2 });
  }
  if (Array.isArray(schema.allOf)) {
    const parts = [schema, ...(schema.allOf as unknown[])].map((m) => (m === schema ? byType({ ...schema, allOf: undefined }, document, depth) : instanceArbitrary(m, document, depth + 1)));
    return fc.tuple(...parts.filter((p): p is Arbitrary<unknown> => p !== undefined)).map((values) => Object.assign({}, ...values.filter(isSchemaObject)));
  }
  return byType(schema, document, depth) ?? fc.jsonValue({ maxDepth: 2 });
}

/** The instance with one node replaced, removed or joined by an extra member, at a path the run chooses. */
export function mutate(value: unknown, choice: number, replacement: unknown): unknown {
  if (Array.isArray(value) && value.length > 0) {
    const copy = value.slice();
    const index = choice % copy.length;
    copy[index] = choice % 7 === 0 ? replacement : mutate(copy[index], Math.floor(choice / 3), replacement);
    return copy;
  }
  if (isSchemaObject(value)) {
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = { ...value };
    if (keys.length === 0 || choice % 11 === 0) return { ...copy, [`extra_${choice % 5}`]: replacement };
    const key = keys[choice % keys.length]!;
    if (choice % 13 === 0) delete copy[key];
    else copy[key] = choice % 5 === 0 ? replacement : mutate(copy[key], Math.floor(choice / 3), replacement);
    return copy;
  }
  return replacement;
}
