import { RESERVED_PROPERTY_NAMES } from "../../check/schema-rules.js";
import { jsonSchemaOf, member, type Operation } from "./operations.js";
import type { SchemaPool } from "./pool.js";
import { propertyName } from "./names.js";
import { isRecord, type OpenApiSource, type Target } from "./source.js";

/** Where each input property comes from, for the comment above it and for the path template. */
export interface Argument {
  readonly property: string;
  /** `path`, `query`, `header` or `body`. */
  readonly in: string;
  /** The parameter's name in the document (`X-Request-ID`). */
  readonly name: string;
}

export interface DraftedInput {
  readonly schema: Record<string, unknown>;
  readonly args: readonly Argument[];
}

const LOCATIONS = new Set(["path", "query", "header"]);

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly at: Target;
}

/** The operation's parameters: the path item's, overridden by the operation's own with the same name and location. */
function parameters(source: OpenApiSource, op: Operation): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [op.shared, member(source, op.at, "parameters")]) {
    if (list === undefined || !Array.isArray(list.value)) continue;
    list.value.forEach((_, i) => {
      const at = member(source, list, i);
      if (at === undefined || !isRecord(at.value) || typeof at.value.name !== "string" || typeof at.value.in !== "string") return;
      byKey.set(`${at.value.in}\0${at.value.name}`, { name: at.value.name, in: at.value.in, at });
    });
  }
  return [...byKey.values()];
}

/** A parameter's schema (from `schema`, or its JSON `content`), its description carried over where the dialect allows. */
function parameterSchema(source: OpenApiSource, pool: SchemaPool, p: Parameter, refPrefix: string, siblingsAllowed: boolean): unknown {
  const at = member(source, p.at, "schema", false) ?? jsonSchemaOf(source, p.at).schema;
  const schema = at === undefined ? {} : pool.rewrite(at.value, at.file, at.pointer, refPrefix);
  const description = (p.at.value as Record<string, unknown>).description;
  const bare = isRecord(schema) && schema.description === undefined && (siblingsAllowed || schema.$ref === undefined);
  return typeof description === "string" && bare ? { ...schema, description } : schema;
}

/** `input` from path, query and header parameters and the JSON request body (as `body`); a reason when it cannot be built. */
export function draftInput(source: OpenApiSource, pool: SchemaPool, op: Operation, refPrefix: string, siblingsAllowed: boolean): DraftedInput | string {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const args: Argument[] = [];
  const add = (arg: Argument, schema: unknown, isRequired: boolean): string | undefined => {
    if (Object.hasOwn(properties, arg.property)) return `${arg.in} ${JSON.stringify(arg.name)} and another argument both become the input property ${JSON.stringify(arg.property)}`;
    properties[arg.property] = schema;
    args.push(arg);
    if (isRequired) required.push(arg.property);
    return undefined;
  };
  for (const p of parameters(source, op).filter((p) => LOCATIONS.has(p.in))) {
    const named = propertyName(p.name);
    const property = RESERVED_PROPERTY_NAMES.has(named) ? `${named}_param` : named;
    const clash = add({ property, in: p.in, name: p.name }, parameterSchema(source, pool, p, refPrefix, siblingsAllowed), p.in === "path" || (p.at.value as Record<string, unknown>).required === true);
    if (clash) return clash;
  }
  const body = member(source, op.at, "requestBody");
  if (body !== undefined) {
    const { schema, media } = jsonSchemaOf(source, body);
    if (schema === undefined) return `its request body is not JSON (${media.join(", ") || "no content"})`;
    const clash = add({ property: "body", in: "body", name: "body" }, pool.rewrite(schema.value, schema.file, schema.pointer, refPrefix), isRecord(body.value) && body.value.required === true);
    if (clash) return clash;
  }
  return { schema: { type: "object", ...(required.length > 0 ? { required } : {}), properties }, args };
}
