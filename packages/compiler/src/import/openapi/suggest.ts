import type { Argument } from "./input.js";
import { snakeCase } from "./names.js";
import type { SchemaPool } from "./pool.js";
import { declaredTypes } from "./response.js";
import { isRecord } from "./source.js";

/** What the import suggests, as comments, for the decisions it leaves to the author. */
export interface Suggestions {
  /** Required scalar top-level output fields (all scalar ones when none is required). */
  readonly view: readonly string[];
  /** `bind` checks: a path parameter the response echoes. */
  readonly binds: readonly { readonly output: string; readonly input: string }[];
  /** Required date-time output fields, each a freshness candidate. */
  readonly fresh: readonly string[];
}

const MAX_VIEW = 8;

interface Members {
  readonly properties: Map<string, unknown>;
  readonly required: Set<string>;
}

/** The top-level members of an object schema, through allOf and pool refs. */
function membersOf(pool: SchemaPool, schema: unknown, into: Members = { properties: new Map(), required: new Set() }, depth = 0): Members {
  const s = pool.deref(schema);
  if (!isRecord(s) || depth > 16) return into;
  if (isRecord(s.properties)) for (const [k, v] of Object.entries(s.properties)) into.properties.set(k, pool.deref(v));
  if (Array.isArray(s.required)) for (const k of s.required) if (typeof k === "string") into.required.add(k);
  if (Array.isArray(s.allOf)) for (const m of s.allOf) membersOf(pool, m, into, depth + 1);
  return into;
}

const SCALARS = new Set(["string", "integer", "number", "boolean"]);

function isScalar(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  if (Array.isArray(schema.enum) || "const" in schema) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.some((t) => SCALARS.has(t as string)) && types.every((t) => SCALARS.has(t as string) || t === "null");
}

/** Suggestions for a response that is not an object: its root name (front/view-root.ts), no check candidate. */
function nonObjectSuggestions(pool: SchemaPool, root: Record<string, unknown>): Suggestions | undefined {
  const types = declaredTypes(root);
  if (types.length === 0 || types.includes("object")) return undefined;
  if (!types.includes("array")) return { view: ["value"], binds: [], fresh: [] };
  const { properties, required } = membersOf(pool, root.items);
  return { view: viewOf(properties, required).map((k) => `items[].${k}`), binds: [], fresh: [] };
}

function viewOf(properties: Map<string, unknown>, required: Set<string>): string[] {
  const scalars = [...properties].filter(([, v]) => isScalar(v)).map(([k]) => k);
  const requiredScalars = scalars.filter((k) => required.has(k));
  return (requiredScalars.length > 0 ? requiredScalars : scalars).slice(0, MAX_VIEW);
}

export function suggest(pool: SchemaPool, output: unknown, args: readonly Argument[]): Suggestions {
  const root = pool.deref(output);
  const other = isRecord(root) ? nonObjectSuggestions(pool, root) : undefined;
  if (other) return other;
  const { properties, required } = membersOf(pool, output);
  const view = viewOf(properties, required);
  const binds = args
    .filter((a) => a.in === "path")
    .flatMap((a) => {
      const echoed = [...properties.keys()].find((k) => k === a.property || snakeCase(k) === snakeCase(a.property));
      return echoed === undefined || !isScalar(properties.get(echoed)) ? [] : [{ output: echoed, input: a.property }];
    });
  const fresh = [...required].filter((k) => isRecord(properties.get(k)) && (properties.get(k) as Record<string, unknown>).format === "date-time");
  return { view, binds, fresh };
}
