import { forEachSchema, isSchemaObject, type SchemaObject } from "../../../schema/walk.js";
import type { DialectSchema } from "./portable.js";

/** A schema feature a target cannot take as is, at a tool-space pointer (`/input/…`, `/$defs/…`). */
export interface Problem {
  readonly pointer: string;
  readonly detail: string;
}

export const problem = (pointer: string, detail: string): Problem => ({ pointer, detail });

/** The `$defs` of a dialect schema (empty when the root uses none). */
export const defsOf = (dialect: DialectSchema): Readonly<Record<string, unknown>> =>
  isSchemaObject(dialect.schema.$defs) ? dialect.schema.$defs : {};

/** The definition a local `$ref` names, if it exists. */
export function refTarget(node: SchemaObject, defs: Readonly<Record<string, unknown>>): { name: string; schema: unknown } | undefined {
  if (typeof node.$ref !== "string" || !node.$ref.startsWith("#/$defs/")) return undefined;
  const name = node.$ref.slice(8);
  return Object.hasOwn(defs, name) ? { name, schema: defs[name] } : undefined;
}

export const isObjectNode = (node: SchemaObject): boolean => node.type === "object" || isSchemaObject(node.properties);

/** Visits every node of the root and of each definition, with the pointer of its origin. */
export function forEachNode(dialect: DialectSchema, visit: (node: SchemaObject, origin: string, isRoot: boolean) => void): void {
  forEachSchema(dialect.schema, "", (node, at) => visit(node, dialect.origin(node), at === ""));
}
