import type { FieldPath } from "../ir/types.js";
import { escapeToken } from "../load/pointer.js";
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

/** Follows `#/$defs/<name>` refs to the schema that declares the shape. */
export function deref(node: unknown, defs: Defs): { schema: SchemaObject; via: string | undefined } | undefined {
  let current = node;
  let via: string | undefined;
  for (let hop = 0; hop < MAX_REF_HOPS && isSchemaObject(current) && typeof current.$ref === "string"; hop++) {
    const name = current.$ref.replace(/^#\/\$defs\//, "");
    if (!Object.hasOwn(defs, name)) return undefined;
    via = name;
    current = defs[name];
  }
  return isSchemaObject(current) ? { schema: current, via } : undefined;
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

/** The schema itself plus its allOf members: all of them constrain the same object. */
function conjuncts(schema: SchemaObject, base: string, defs: Defs): { schema: SchemaObject; pointer: string }[] {
  const members = Array.isArray(schema.allOf) ? schema.allOf : [];
  const found = members.flatMap((member, i) => {
    const d = deref(member, defs);
    return d ? [{ schema: d.schema, pointer: d.via === undefined ? `${base}/allOf/${i}` : `/$defs/${d.via}` }] : [];
  });
  return [{ schema, pointer: base }, ...found];
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
