import type { InferredSchema } from "./infer.js";

/** A member of an inferred object schema, reached through object properties only. */
interface Member {
  readonly path: string;
  readonly schema: InferredSchema;
  /** Present in every sample, and so is every object on the way to it. */
  readonly always: boolean;
}

const SUGGESTION_DEPTH = 4;

// Only names an agent_view path can spell plainly are suggested; others are left to the author.
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const types = (schema: InferredSchema): readonly unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

const isScalar = (schema: InferredSchema): boolean => types(schema).every((t) => t !== "object" && t !== "array" && t !== "null" && t !== undefined);

function members(schema: InferredSchema, prefix = "", always = true, depth = 0): Member[] {
  const properties = schema.properties as Record<string, InferredSchema> | undefined;
  if (properties === undefined || depth >= SUGGESTION_DEPTH) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.keys(properties).filter((key) => PLAIN_NAME.test(key)).flatMap((key) => {
    const member: Member = { path: prefix + key, schema: properties[key]!, always: always && required.has(key) };
    // Below a nullable object nothing is always there, however its own samples look.
    const below = member.always && !types(member.schema).includes("null");
    return [member, ...members(member.schema, `${member.path}.`, below, depth + 1)];
  });
}

/** The agent-view candidates: scalar fields present in every sample. */
export const viewCandidates = (output: InferredSchema): string[] => members(output).filter((m) => m.always && isScalar(m.schema)).map((m) => m.path);

/** The freshness candidates: fields every sample gives as an RFC 3339 date-time, those always present first. */
export function freshCandidates(output: InferredSchema): string[] {
  const dates = members(output).filter((m) => m.schema.format === "date-time" && isScalar(m.schema));
  return [...dates.filter((m) => m.always), ...dates.filter((m) => !m.always)].map((m) => m.path);
}

/** The bind candidates: scalar arguments that the response carries under the same name at its top level. */
export function bindCandidates(input: InferredSchema | undefined, output: InferredSchema): string[] {
  if (input === undefined) return [];
  const outputScalars = new Set(members(output).filter((m) => !m.path.includes(".") && m.always && isScalar(m.schema)).map((m) => m.path));
  return members(input).filter((m) => !m.path.includes(".") && m.always && isScalar(m.schema) && outputScalars.has(m.path)).map((m) => m.path);
}
