import { deepEqual, formats, isMultipleOf, ucs2length } from "@toolgate/runtime";
import { isSimpleLeaf, matches, numbersOf, typeAccepts, valuesOf, type SchemaSet } from "./schema-set.js";

/**
 * The verdict of a scalar's schema set on a value, for sets `isSimpleLeaf` admits: the keywords the
 * generated validator checks on a string, number or boolean, with the runtime's own format table.
 * A format the runtime does not assert makes the verdict "no", so nothing is built on a guess.
 */

/** The runtime's check for `name`, if it asserts that format. */
export const formatCheck = (name: unknown): ((text: string) => boolean) | undefined =>
  typeof name === "string" && Object.hasOwn(formats, name) ? formats[name] : undefined;

function stringAccepted(set: SchemaSet, text: string): boolean {
  const length = ucs2length(text);
  if (numbersOf(set, "minLength").some((m) => length < m)) return false;
  if (numbersOf(set, "maxLength").some((m) => length > m)) return false;
  if (valuesOf(set, "pattern").some((p) => typeof p !== "string" || !matches(p, text))) return false;
  return valuesOf(set, "format").every((f) => formatCheck(f)?.(text) === true);
}

function numberAccepted(set: SchemaSet, n: number): boolean {
  if (numbersOf(set, "minimum").some((m) => n < m)) return false;
  if (numbersOf(set, "maximum").some((m) => n > m)) return false;
  if (numbersOf(set, "exclusiveMinimum").some((m) => n <= m)) return false;
  if (numbersOf(set, "exclusiveMaximum").some((m) => n >= m)) return false;
  return numbersOf(set, "multipleOf").every((m) => isMultipleOf(n, m));
}

/** Whether the set accepts `value`; false for any set with a keyword this does not evaluate. */
export function leafAccepts(set: SchemaSet, value: unknown): boolean {
  if (!isSimpleLeaf(set) || !typeAccepts(set, value)) return false;
  if (valuesOf(set, "enum").some((e) => !Array.isArray(e) || !e.some((v) => deepEqual(v, value)))) return false;
  if (valuesOf(set, "const").some((c) => !deepEqual(c, value))) return false;
  if (typeof value === "string") return stringAccepted(set, value);
  if (typeof value === "number") return Number.isFinite(value) && numberAccepted(set, value);
  return value === null || typeof value === "boolean";
}
