import { transformSchema, type SchemaObject } from "../schema/walk.js";

/**
 * Keywords that JSON Schema ignores or that no value can satisfy (TG219–TG222, warnings) rewritten
 * to forms that mean exactly the same, so Ajv's strict mode (which refuses them) and every emitter
 * see only schemas they compile as the specification says.
 */
export function exactForm(schema: unknown, pointer: string): unknown {
  return transformSchema(schema, pointer, exactNode);
}

const IGNORED_WITHOUT: readonly [keyword: string, partner: string][] = [["then", "if"], ["else", "if"], ["minContains", "contains"], ["maxContains", "contains"]];

// An array can never hold more items than this; a `maxContains` of it bounds nothing.
const NO_BOUND = Number.MAX_SAFE_INTEGER;

function exactNode(node: SchemaObject): SchemaObject {
  let out: Record<string, unknown> = { ...node };
  const has = (keyword: string): boolean => Object.hasOwn(out, keyword);
  // Ignored without their partner, and they produce no annotations then.
  for (const [keyword, partner] of IGNORED_WITHOUT) if (!has(partner)) delete out[keyword];
  // `if` alone still passes its annotations on (unevaluated*) when it holds: a branch of an anyOf
  // that cannot fail does the same.
  if (has("if") && !has("then") && !has("else")) {
    const { if: condition, ...rest } = out;
    out = alsoApply(rest, { anyOf: [condition, true] });
  }
  if (has("contains") && out.minContains === 0 && !has("maxContains")) out.maxContains = NO_BOUND;
  if (typeof out.minContains === "number" && typeof out.maxContains === "number" && out.minContains > out.maxContains) {
    const { contains: _c, minContains: _min, maxContains: _max, ...rest } = out;
    out = alsoApply(rest, { not: { type: "array" } });
  }
  if (Array.isArray(out.enum) && out.enum.length === 0) {
    const { enum: _enum, ...rest } = out;
    out = alsoApply(rest, false);
  }
  return out;
}

/** `node` with `schema` applied as well (one more allOf member). */
function alsoApply(node: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  const allOf = Array.isArray(node.allOf) ? node.allOf : [];
  return { ...node, allOf: [...allOf, schema] };
}
