import { codeForHttpStatus } from "@toolgate/runtime/upstream";
import { jsonSchemaOf, member, type Operation } from "./operations.js";
import type { SchemaPool } from "./pool.js";
import { isRecord, type OpenApiSource } from "./source.js";

const SUCCESS = /^2(\d\d|XX)$/i;

/** The schema of the first 2xx response with JSON content, rewritten into the pool; a reason when there is none. */
export function draftOutput(source: OpenApiSource, pool: SchemaPool, op: Operation, refPrefix: string): { schema: unknown } | { reason: string } {
  const responses = member(source, op.at, "responses");
  const statuses = responses && isRecord(responses.value) ? Object.keys(responses.value).filter((s) => SUCCESS.test(s)).sort() : [];
  if (statuses.length === 0) return { reason: "it documents no 2xx response" };
  const reasons: string[] = [];
  for (const status of statuses) {
    const { schema, media } = jsonSchemaOf(source, member(source, responses!, status)!);
    if (schema === undefined) {
      reasons.push(`its ${status} response ${media.length === 0 ? "has no content" : `declares no JSON schema (${media.join(", ")})`}`);
      continue;
    }
    const output = pool.rewrite(schema.value, schema.file, schema.pointer, refPrefix);
    // An array or scalar root is viewed under `items` / `value` (README, "The agent view of a list").
    return isObjectSchema(pool, output) || declaredTypes(pool.deref(output)).length > 0
      ? { schema: output }
      : { reason: `its ${status} response is ${kindOf(pool.deref(output))}; a tool's output is a JSON object, an array or a scalar with a declared type` };
  }
  return { reason: reasons.join("; ") };
}

/** An object, or an allOf of objects: what an agent view can select fields of. */
function isObjectSchema(pool: SchemaPool, schema: unknown): boolean {
  const s = pool.deref(schema);
  if (!isRecord(s)) return false;
  const types = declaredTypes(s);
  if (types.length > 0) return types.includes("object") && types.every((t) => t === "object" || t === "null");
  if (isRecord(s.properties)) return true;
  return Array.isArray(s.allOf) && s.allOf.length > 0 && s.allOf.every((m) => isObjectSchema(pool, m));
}

/** The `type` of a schema as a list; empty when it declares none. */
export function declaredTypes(schema: unknown): unknown[] {
  if (!isRecord(schema) || schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function kindOf(schema: unknown): string {
  if (!isRecord(schema)) return "not a schema object";
  if (typeof schema.type === "string") return `of type ${schema.type}`;
  if (Array.isArray(schema.type)) return `of types ${schema.type.join(", ")}`;
  const union = ["oneOf", "anyOf"].find((k) => k in schema);
  return union ? `a ${union} at the top` : "not declared as an object";
}

/** Catalog codes of the documented 4xx/5xx statuses (and 4XX/5XX ranges), as the HTTP upstream maps them. */
export function draftErrors(source: OpenApiSource, op: Operation): string[] {
  const responses = member(source, op.at, "responses");
  const codes = new Set<string>();
  for (const status of responses && isRecord(responses.value) ? Object.keys(responses.value) : []) {
    const range = /^([45])XX$/i.exec(status);
    const numbers = range ? Array.from({ length: 100 }, (_, i) => Number(range[1]) * 100 + i) : /^[45]\d\d$/.test(status) ? [Number(status)] : [];
    for (const n of numbers) codes.add(codeForHttpStatus(n) ?? "INVALID_RESPONSE");
  }
  // INVALID_RESPONSE is implicit in every tool.
  codes.delete("INVALID_RESPONSE");
  return [...codes].sort();
}
