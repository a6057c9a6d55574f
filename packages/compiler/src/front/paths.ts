import type { FieldPath } from "../ir/types.js";
import { escapeToken } from "../load/pointer.js";
import { defName, isPureRef } from "../schema/refs.js";
import { isSchemaObject, type SchemaObject } from "../schema/walk.js";

/** One step of a field path: `runs[]` is { name: "runs", items: true }. */
export interface PathStep {
  readonly name: string;
  readonly items: boolean;
}

const STEP = /^([^.[\]]+)(\[\])?$/;

/** Parses `a.b`, `runs[].state`; undefined when malformed. */
export function parsePath(text: string): PathStep[] | undefined {
  const steps: PathStep[] = [];
  for (const part of text.split(".")) {
    const match = STEP.exec(part);
    if (!match?.[1]) return undefined;
    steps.push({ name: match[1], items: match[2] !== undefined });
  }
  return steps;
}

export type Defs = Readonly<Record<string, unknown>>;

const MAX_REF_HOPS = 32;

/** A pure `$ref`, also after the closing rule added `unevaluatedProperties: false` (which adds no member). */
function pureRef(node: unknown): node is SchemaObject & { $ref: string } {
  if (!isSchemaObject(node)) return false;
  const { unevaluatedProperties, ...rest } = node;
  return (unevaluatedProperties === undefined || unevaluatedProperties === false) && isPureRef(rest);
}

/** Follows pure `#/$defs/<name>` refs to the schema that declares the shape. */
export function deref(node: unknown, defs: Defs): { schema: SchemaObject; via: string | undefined } | undefined {
  let current = node;
  let via: string | undefined;
  for (let hop = 0; hop < MAX_REF_HOPS && pureRef(current); hop++) {
    const name = defName(current.$ref);
    if (name === undefined || !Object.hasOwn(defs, name)) return undefined;
    via = name;
    current = defs[name];
  }
  return isSchemaObject(current) && !pureRef(current) ? { schema: current, via } : undefined;
}

export type StepResult =
  | {
      readonly ok: true;
      /** The schema as written (possibly a `$ref`), shared with the output schema. */
      readonly node: unknown;
      /** The schema that declares the shape, after following refs. */
      readonly schema: SchemaObject;
      readonly required: boolean;
      readonly pointer: string;
    }
  | { readonly ok: false; readonly problem: "missing" | "union"; readonly keyword: string };

const UNIONS = ["anyOf", "oneOf", "if"];

/**
 * The schema itself plus everything applied to the same object unconditionally: its allOf members
 * and a sibling `$ref`'s target, transitively (each definition once).
 */
function conjuncts(schema: SchemaObject, base: string, defs: Defs, seen: Set<string> = new Set()): { schema: SchemaObject; pointer: string }[] {
  const members = (Array.isArray(schema.allOf) ? schema.allOf : []).map((m, i): [unknown, string] => [m, `${base}/allOf/${i}`]);
  if (typeof schema.$ref === "string") members.push([{ $ref: schema.$ref }, base]);
  const found = members.flatMap(([member, at]) => {
    const d = deref(member, defs);
    if (!d || (d.via !== undefined && seen.has(d.via))) return [];
    if (d.via !== undefined) seen.add(d.via);
    return conjuncts(d.schema, d.via === undefined ? at : `/$defs/${d.via}`, defs, seen);
  });
  return [{ schema, pointer: base }, ...found];
}

const BRANCHES = ["anyOf", "oneOf", "if", "then", "else"];

/** Whether some union branch of `schema` (after refs) declares properties: those exist only conditionally. */
function branchesDeclare(schema: SchemaObject, defs: Defs): boolean {
  return BRANCHES.some((k) => {
    const list = Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [schema[k]];
    return list.some((m) => {
      const d = deref(m, defs);
      return d !== undefined && (isSchemaObject(d.schema.properties) || Array.isArray(d.schema.allOf));
    });
  });
}

/** Every property an object schema declares unconditionally (itself and its allOf members), in declaration order. */
export function declaredProperties(schema: SchemaObject, pointer: string, defs: Defs): { declarations: Map<string, unknown[]>; unionProperties: boolean } {
  const parts = conjuncts(schema, pointer, defs);
  const declarations = new Map<string, unknown[]>();
  for (const { schema: part } of parts) {
    if (!isSchemaObject(part.properties)) continue;
    for (const [name, node] of Object.entries(part.properties)) declarations.set(name, [...(declarations.get(name) ?? []), node]);
  }
  return { declarations, unionProperties: parts.some((p) => branchesDeclare(p.schema, defs)) };
}

/** Descends from an object schema into its property `name`. */
export function stepInto(parent: unknown, pointer: string, name: string, defs: Defs): StepResult {
  const found = deref(parent, defs);
  if (!found) return { ok: false, problem: "missing", keyword: "" };
  const parts = conjuncts(found.schema, found.via === undefined ? pointer : `/$defs/${found.via}`, defs);
  const owner = parts.find((p) => isSchemaObject(p.schema.properties) && Object.hasOwn(p.schema.properties, name));
  if (!owner) {
    const union = UNIONS.find((k) => k in found.schema);
    return union ? { ok: false, problem: "union", keyword: union } : { ok: false, problem: "missing", keyword: "" };
  }
  const node = (owner.schema.properties as Record<string, unknown>)[name];
  const required = parts.some((p) => Array.isArray(p.schema.required) && p.schema.required.includes(name));
  const child = deref(node, defs);
  if (!child) return { ok: false, problem: "missing", keyword: "" };
  const childPointer = child.via === undefined ? `${owner.pointer}/properties/${escapeToken(name)}` : `/$defs/${child.via}`;
  return { ok: true, node, schema: child.schema, required, pointer: childPointer };
}

/** Descends from an array schema into its items. */
export function itemsOf(node: SchemaObject, pointer: string, defs: Defs): StepResult {
  const items = node.items;
  if (!isSchemaObject(items)) return { ok: false, problem: "missing", keyword: "" };
  const child = deref(items, defs);
  if (!child) return { ok: false, problem: "missing", keyword: "" };
  return { ok: true, node: items, schema: child.schema, required: true, pointer: child.via === undefined ? `${pointer}/items` : `/$defs/${child.via}` };
}


export type ResolvedField = { readonly path: FieldPath; readonly schema: SchemaObject; readonly required: boolean };

/** Resolves a dotted field path (no arrays) in a payload schema; undefined when it does not exist. */
export function resolveField(root: unknown, side: "input" | "output", text: string, defs: Defs): ResolvedField | undefined {
  const path = text.split(".");
  let node: unknown = root;
  let pointer = `/${side}`;
  let required = true;
  for (const name of path) {
    const step = stepInto(node, pointer, name, defs);
    if (!step.ok) return undefined;
    ({ schema: node, pointer } = step);
    required &&= step.required;
  }
  return { path, schema: node as SchemaObject, required };
}
