import { diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { isPureRef } from "../schema/refs.js";
import { isSchemaObject, mapSubschemas, type SchemaObject } from "../schema/walk.js";

/**
 * Closed by default, so an undeclared member fails validation (README, "Closed by default"),
 * without changing what a composed schema accepts: exactly one node closes each object instance,
 * the outermost schema that applies to it (an instance root). Every schema applied in place to the
 * same instance (allOf/anyOf/oneOf/not/if/then/else/dependentSchemas
 * members and `$ref` targets) stays open, because closing a member would refuse the properties its
 * siblings declare. A composing instance root is closed with `unevaluatedProperties: false`, which
 * sees through every in-place member; a plain one with `additionalProperties: false`.
 */

/** Keywords whose subschemas apply to the same instance as their parent. */
const IN_PLACE = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "$defs", "definitions"];
const COMPOSING = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"];
const OBJECT_HINTS = ["properties", "patternProperties", "required", "propertyNames", "minProperties", "maxProperties", "dependentRequired"];
const OPENERS = ["additionalProperties", "unevaluatedProperties"];

const isObjectish = (node: SchemaObject): boolean =>
  node.type === "object" ||
  (Array.isArray(node.type) && node.type.includes("object")) ||
  OBJECT_HINTS.some((k) => k in node);

const composes = (node: SchemaObject): boolean => COMPOSING.some((k) => k in node) || typeof node.$ref === "string";

const keywordOf = (parent: string, child: string): string => child.slice(parent.length + 1).split("/")[0] ?? "";

export interface CloseContext {
  /** The schema a local `$ref` names, if any. */
  readonly resolve: (ref: string) => unknown;
  /**
   * For a `$ref` that alone is an instance root: the ref to use instead when its target has a
   * closed copy (so vendors' strict modes see additionalProperties: false, not unevaluatedProperties).
   */
  readonly closedRef?: (ref: string) => string | undefined;
  readonly locate: (pointer: string) => SourceRange;
  /** Gets TG212 (an object opened explicitly) and TG223 (a closed object without properties). */
  readonly sink: DiagnosticSink;
}

/** Whether a composing schema can hold an object: itself, an in-place member, or a referenced definition. */
function composesObjects(node: SchemaObject, resolve: CloseContext["resolve"], seen: ReadonlySet<string> = new Set()): boolean {
  if (isObjectish(node)) return true;
  const ref = typeof node.$ref === "string" && !seen.has(node.$ref) ? node.$ref : undefined;
  const target = ref === undefined ? undefined : resolve(ref);
  if (isSchemaObject(target) && composesObjects(target, resolve, new Set([...seen, ref!]))) return true;
  return COMPOSING.some((k) => {
    const members = node[k];
    const list = Array.isArray(members) ? members : k === "dependentSchemas" && isSchemaObject(members) ? Object.values(members) : [members];
    return list.some((m) => isSchemaObject(m) && composesObjects(m, resolve, seen));
  });
}

/** An object schema that composes nothing and leaves its members to the default: closable in place. */
export const isPlainObject = (node: unknown): boolean =>
  isSchemaObject(node) && isObjectish(node) && !composes(node) && !OPENERS.some((k) => k in node);

/** How an instance root is closed, or undefined when it is left as written. */
function closing(node: SchemaObject, resolve: CloseContext["resolve"]): "unevaluatedProperties" | "additionalProperties" | undefined {
  if (OPENERS.some((k) => k in node)) return undefined;
  if (composes(node)) return composesObjects(node, resolve) ? "unevaluatedProperties" : undefined;
  return isObjectish(node) ? "additionalProperties" : undefined;
}

/** Every `$ref` in `schema`, and whether it stands alone at an instance root or is applied as a member. */
export function refUses(schema: unknown, pointer: string, instanceRoot: boolean, found: { alone: Set<string>; member: Set<string> }): void {
  const visit = (node: unknown, at: string, isRoot: boolean): void => {
    if (!isSchemaObject(node)) return;
    if (typeof node.$ref === "string") (isRoot && isPureRef(node) ? found.alone : found.member).add(node.$ref);
    mapSubschemas(node, at, (child, childAt) => (visit(child, childAt, !IN_PLACE.includes(keywordOf(at, childAt))), child));
  };
  visit(schema, pointer, instanceRoot);
}

/**
 * Closes every instance root in `schema`. `instanceRoot` is false for a schema that is only ever
 * applied in place (a `$defs` entry, reached through `$ref`): its referrer closes the instance.
 */
export function closeObjects(schema: unknown, pointer: string, instanceRoot: boolean, ctx: CloseContext): unknown {
  const visit = (node: unknown, at: string, isRoot: boolean): unknown => {
    if (!isSchemaObject(node)) return node;
    const children = mapSubschemas(node, at, (child, childAt) => visit(child, childAt, !IN_PLACE.includes(keywordOf(at, childAt))));
    for (const keyword of OPENERS) {
      if (keyword in node && node[keyword] !== false) ctx.sink.report(diagnostic("TG212", ctx.locate(`${at}/${keyword}`), { keyword }));
    }
    return closeNode(node, children, at, isRoot, ctx);
  };
  return visit(schema, pointer, instanceRoot);
}

/**
 * A definition both applied in place and used alone: its open version and its closed copy. The two
 * differ only at the root, so the members are closed (and warned about) once.
 */
export function closeTwin(def: unknown, pointer: string, ctx: CloseContext): { open: unknown; closed: unknown } {
  const open = closeObjects(def, pointer, false, ctx);
  return { open, closed: isSchemaObject(def) ? closeNode(def, open as SchemaObject, pointer, true, ctx) : open };
}

/** `node` with its closed `children`, closed itself when it is an instance root. */
function closeNode(node: SchemaObject, children: SchemaObject, at: string, isRoot: boolean, ctx: CloseContext): SchemaObject {
  const closedRef = isRoot && isPureRef(node) ? ctx.closedRef?.(node.$ref) : undefined;
  if (closedRef !== undefined) return { ...children, $ref: closedRef };
  const how = isRoot ? closing(node, ctx.resolve) : undefined;
  if (how === undefined) return children;
  // A tool without arguments (an input root with no properties) is meant to accept only {}.
  if (how === "additionalProperties" && at !== "/input" && !("properties" in node) && !("patternProperties" in node)) {
    ctx.sink.report(diagnostic("TG223", ctx.locate(at)));
  }
  return { ...children, [how]: false };
}

