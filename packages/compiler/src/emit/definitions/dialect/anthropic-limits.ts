import { forEachSchema, isSchemaObject, type SchemaObject } from "../../../schema/walk.js";
import type { DialectSchema } from "./portable.js";
import { problem, type Problem } from "./problem.js";

/** Anthropic strict tool use, per request (docs, "strict tool use": limits across all strict tools of one request). */
export const ANTHROPIC_STRICT_LIMITS = { strictTools: 20, optionalParameters: 24, unionParameters: 16 } as const;

/** What one strict schema spends of a request's limits. */
export interface StrictCost {
  /** Properties an object declares but does not require, at any depth. */
  readonly optional: number;
  /** Properties typed as a union: `anyOf`, or a `type` array (nullable included). */
  readonly unions: number;
}

const isUnion = (schema: unknown): boolean =>
  isSchemaObject(schema) && (Array.isArray(schema.anyOf) || (Array.isArray(schema.type) && schema.type.length > 1));

export function strictCost(schema: SchemaObject): StrictCost {
  let optional = 0;
  let unions = 0;
  forEachSchema(schema, "", (node) => {
    if (!isSchemaObject(node.properties)) return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const [name, child] of Object.entries(node.properties)) {
      if (!required.has(name)) optional += 1;
      if (isUnion(child)) unions += 1;
    }
  });
  return { optional, unions };
}

/** What keeps a request of `cost` (one or more tools) over a limit; empty when it fits. */
export function overLimits(cost: StrictCost, strictTools: number): string[] {
  const L = ANTHROPIC_STRICT_LIMITS;
  return [
    strictTools > L.strictTools && `${strictTools} strict tools exceed the limit of ${L.strictTools} per request`,
    cost.optional > L.optionalParameters && `${cost.optional} optional parameters exceed the limit of ${L.optionalParameters} per request`,
    cost.unions > L.unionParameters && `${cost.unions} union-typed parameters exceed the limit of ${L.unionParameters} per request`,
  ].filter((detail): detail is string => typeof detail === "string");
}

/** One tool alone over a limit: a problem at its arguments' root. */
export const limitProblems = (dialect: DialectSchema, schema: SchemaObject): Problem[] =>
  overLimits(strictCost(schema), 1).map((detail) => problem(dialect.origin(dialect.schema), detail));
