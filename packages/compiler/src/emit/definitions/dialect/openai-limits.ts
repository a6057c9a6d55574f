import { isSchemaObject, mapSubschemas } from "../../../schema/walk.js";
import type { DialectSchema } from "./portable.js";
import { defsOf, forEachNode, isObjectNode, problem, refTarget, type Problem } from "./problem.js";

/** OpenAI Structured Outputs limits for one strict schema (docs: "Supported schemas"). */
export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  nesting: 10,
  stringChars: 120_000,
  enumValues: 1000,
  largeEnumValues: 250,
  largeEnumChars: 15_000,
} as const;

interface Totals {
  properties: number;
  stringChars: number;
  enumValues: number;
  largeEnumChars: number;
}

/** Each exceeded limit, reported at the schema's root. */
export function limitProblems(dialect: DialectSchema): Problem[] {
  const at = dialect.origin(dialect.schema);
  const totals = count(dialect);
  const depth = objectDepth(dialect.schema, defsOf(dialect), new Set());
  const L = OPENAI_STRICT_LIMITS;
  return [
    totals.properties > L.properties && `${totals.properties} object properties exceed the limit of ${L.properties}`,
    depth > L.nesting && `${depth} levels of object nesting exceed the limit of ${L.nesting}`,
    totals.stringChars > L.stringChars && `${totals.stringChars} characters of names, enum values and consts exceed the limit of ${L.stringChars}`,
    totals.enumValues > L.enumValues && `${totals.enumValues} enum values exceed the limit of ${L.enumValues}`,
    totals.largeEnumChars > L.largeEnumChars &&
      `a string enum with more than ${L.largeEnumValues} values has ${totals.largeEnumChars} characters, more than ${L.largeEnumChars}`,
  ].flatMap((detail) => (detail ? [problem(at, detail)] : []));
}

function count(dialect: DialectSchema): Totals {
  const totals: Totals = { properties: 0, stringChars: 0, enumValues: 0, largeEnumChars: 0 };
  const text = (value: unknown): number => (typeof value === "string" ? value.length : JSON.stringify(value).length);
  totals.stringChars += Object.keys(defsOf(dialect)).reduce((sum, name) => sum + name.length, 0);
  forEachNode(dialect, (node) => {
    const names = isSchemaObject(node.properties) ? Object.keys(node.properties) : [];
    totals.properties += names.length;
    totals.stringChars += names.reduce((sum, name) => sum + name.length, 0);
    if ("const" in node) totals.stringChars += text(node.const);
    if (!Array.isArray(node.enum)) return;
    const chars = node.enum.reduce((sum: number, v: unknown) => sum + text(v), 0);
    totals.enumValues += node.enum.length;
    totals.stringChars += chars;
    if (node.enum.length > OPENAI_STRICT_LIMITS.largeEnumValues && node.enum.every((v) => typeof v === "string")) {
      totals.largeEnumChars = Math.max(totals.largeEnumChars, chars);
    }
  });
  return totals;
}

/** Deepest chain of nested objects, following `$ref`s (a recursive definition counts once). */
function objectDepth(node: unknown, defs: Readonly<Record<string, unknown>>, active: ReadonlySet<string>): number {
  if (!isSchemaObject(node)) return 0;
  let deepest = 0;
  const ref = refTarget(node, defs);
  if (ref && !active.has(ref.name)) deepest = objectDepth(ref.schema, defs, new Set([...active, ref.name]));
  mapSubschemas(node, "", (child, at) => {
    if (!at.startsWith("/$defs")) deepest = Math.max(deepest, objectDepth(child, defs, active));
    return child;
  });
  return deepest + (isObjectNode(node) ? 1 : 0);
}
