import { diagnostic, type Diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import { forEachSchema, isSchemaObject, mapSubschemas, type SchemaObject } from "../schema/walk.js";

/**
 * Closed by default (seed 000): every object without an explicit additionalProperties or
 * unevaluatedProperties is closed. A schema that composes others (allOf/anyOf/oneOf/if/$ref) is
 * closed with `unevaluatedProperties: false`, and its members are left open, because
 * `additionalProperties` cannot see properties declared by sibling schemas.
 */

const COMPOSITION = ["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas"];
const OBJECT_HINTS = ["properties", "patternProperties", "required", "propertyNames", "minProperties", "maxProperties"];

const isObjectish = (node: SchemaObject): boolean =>
  node.type === "object" ||
  (Array.isArray(node.type) && node.type.includes("object")) ||
  OBJECT_HINTS.some((k) => k in node);

const composes = (node: SchemaObject): boolean => COMPOSITION.some((k) => k in node) || typeof node.$ref === "string";

const keywordOf = (parent: string, child: string): string => child.slice(parent.length + 1).split("/")[0] ?? "";

export interface Closed {
  readonly schema: unknown;
  readonly warnings: readonly Diagnostic[];
}

/** Names of $defs that some schema uses as a composition member; they stay open like inline members. */
export function compositionMemberDefs(roots: readonly unknown[]): Set<string> {
  const members = new Set<string>();
  for (const root of roots) {
    forEachSchema(root, "", (node, pointer) => {
      mapSubschemas(node, pointer, (child, at) => {
        if (COMPOSITION.includes(keywordOf(pointer, at)) && isSchemaObject(child) && typeof child.$ref === "string") {
          members.add(child.$ref.replace(/^#\/\$defs\//, ""));
        }
        return child;
      });
    });
  }
  return members;
}

/** Whether a composing schema can hold an object: itself, a member, or a referenced definition. */
function composesObjects(node: SchemaObject, defs: Readonly<Record<string, unknown>>): boolean {
  if (isObjectish(node)) return true;
  const ref = typeof node.$ref === "string" ? defs[node.$ref.replace(/^#\/\$defs\//, "")] : undefined;
  if (isSchemaObject(ref) && isObjectish(ref)) return true;
  return COMPOSITION.some((k) => {
    const members = node[k];
    const list = Array.isArray(members) ? members : isSchemaObject(members) ? [members] : [];
    return list.some((m) => isSchemaObject(m) && composesObjects(m, defs));
  });
}

export interface CloseContext {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly locate: (pointer: string) => SourceRange;
}

export function closeObjects(schema: unknown, pointer: string, member: boolean, ctx: CloseContext): Closed {
  const { locate } = ctx;
  const warnings: Diagnostic[] = [];
  const visit = (node: unknown, at: string, isMember: boolean): unknown => {
    if (!isSchemaObject(node)) return node;
    const children = mapSubschemas(node, at, (child, childAt) => visit(child, childAt, COMPOSITION.includes(keywordOf(at, childAt))));
    for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
      if (keyword in node && node[keyword] !== false) {
        warnings.push(diagnostic("TG212", locate(`${at}/${keyword}`), { keyword }));
      }
    }
    if ("additionalProperties" in node || "unevaluatedProperties" in node) return children;
    if (composes(node)) return composesObjects(node, ctx.defs) ? { ...children, unevaluatedProperties: false } : children;
    if (isObjectish(node) && !isMember) return { ...children, additionalProperties: false };
    return children;
  };
  return { schema: visit(schema, pointer, member), warnings };
}
