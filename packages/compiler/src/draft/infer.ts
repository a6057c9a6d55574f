import { formats } from "@toolgate/runtime";

/**
 * Infers a JSON Schema (2020-12) that accepts every given sample: the types seen (a type list where
 * samples disagree; integer only when every number is one), `required` for the members present in
 * every sample object, and bounds with headroom. It never infers `enum` or `const` from a handful of
 * values, and never opens an object: the compiler closes it.
 */

export type InferredSchema = { [keyword: string]: unknown };

/** Nesting below this depth is left as `{}` (anything): a sample that deep is not a contract to guess. */
export const MAX_INFER_DEPTH = 32;

/** The suggested bound for a longest sample of `n`: the next power of two ≥ 2n, at least 8. */
export function headroom(n: number): number {
  let bound = 8;
  while (bound < 2 * n) bound *= 2;
  return bound;
}

// The runtime's own strict RFC 3339 check, so a drafted `format: date-time` accepts every sample.
const isDateTime = formats["date-time"]!;

type Kind = "object" | "array" | "string" | "integer" | "number" | "boolean" | "null";

// The order a type list is written in, so the same samples always give the same text.
const KIND_ORDER: readonly Kind[] = ["object", "array", "string", "integer", "number", "boolean", "null"];

function kindOf(value: unknown): Kind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value as "object" | "string" | "boolean";
}

/** The largest of `f` over the values (not `Math.max(...)`, which overflows the stack on a long list). */
export const largest = <T,>(values: readonly T[], f: (value: T) => number): number => values.reduce((max, value) => Math.max(max, f(value)), 0);

const codePoints = (text: string): number => {
  let n = 0;
  for (const _c of text) n++;
  return n;
};

function stringKeywords(values: readonly string[]): InferredSchema {
  const longest = largest(values, codePoints);
  return { maxLength: headroom(longest), ...(values.every(isDateTime) ? { format: "date-time" } : {}) };
}

function arrayKeywords(values: readonly unknown[][], depth: number): InferredSchema {
  const elements = values.flat();
  const longest = largest(values, (v) => v.length);
  if (elements.length === 0) return { maxItems: 0 };
  return { maxItems: headroom(longest), items: inferAt(elements, depth + 1) };
}

function objectKeywords(values: readonly Record<string, unknown>[], depth: number): InferredSchema {
  const seen = new Map<string, unknown[]>();
  for (const value of values) {
    for (const key of Object.keys(value)) {
      const list = seen.get(key) ?? [];
      list.push(value[key]);
      seen.set(key, list);
    }
  }
  const properties: InferredSchema = {};
  for (const [key, list] of seen) Object.defineProperty(properties, key, { value: inferAt(list, depth + 1), enumerable: true, writable: true, configurable: true });
  const required = [...seen].filter(([, list]) => list.length === values.length).map(([key]) => key);
  return { ...(required.length > 0 ? { required } : {}), properties };
}

function keywordsFor(kind: Kind, values: readonly unknown[], depth: number): InferredSchema {
  if (kind === "string") return stringKeywords(values as string[]);
  if (kind === "array") return arrayKeywords(values as unknown[][], depth);
  if (kind === "object") return objectKeywords(values as Record<string, unknown>[], depth);
  return {};
}

function inferAt(samples: readonly unknown[], depth: number): InferredSchema {
  if (depth > MAX_INFER_DEPTH) return {};
  const byKind = new Map<Kind, unknown[]>();
  for (const sample of samples) {
    const kind = kindOf(sample);
    const list = byKind.get(kind);
    if (list === undefined) byKind.set(kind, [sample]);
    else list.push(sample);
  }
  // A number sample makes every integer one a number too: 3 is a valid number, 2.5 no integer.
  if (byKind.has("number") && byKind.has("integer")) byKind.set("number", byKind.get("number")!.concat(byKind.get("integer")!)).delete("integer");
  const kinds = KIND_ORDER.filter((kind) => byKind.has(kind));
  // Each kind's keywords apply only to instances of that type, so one schema with a type list holds them all.
  const keywords = kinds.map((kind) => keywordsFor(kind, byKind.get(kind)!, depth));
  return Object.assign({ type: kinds.length === 1 ? kinds[0] : kinds }, ...keywords) as InferredSchema;
}

/** The schema of one position given every sample seen there (at least one). */
export const inferSchema = (samples: readonly unknown[]): InferredSchema => inferAt(samples, 0);
