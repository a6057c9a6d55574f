import { isSchemaObject } from "../schema/walk.js";
import type { Path } from "./positions.js";

/**
 * Immutable edits of parsed JSON and a serializer that can write what JSON.stringify cannot: a
 * member repeated, under the same name or an escape-equivalent spelling of it.
 */

type Edit = (node: unknown) => unknown;

/** `value` with the node at `path` replaced by `edit(node)`; members keep their order. */
export function editAt(value: unknown, path: Path, edit: Edit): unknown {
  if (path.length === 0) return edit(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? editAt(item, rest, edit) : item));
  if (!isSchemaObject(value)) return value;
  // fromEntries defines own data members, so no name (not even __proto__) reaches a prototype.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === head ? editAt(v, rest, edit) : v]));
}

export const replaceAt = (value: unknown, path: Path, replacement: unknown): unknown => editAt(value, path, () => replacement);

/** The object at `path` without member `key`. */
export const withoutMember = (value: unknown, path: Path, key: string): unknown =>
  editAt(value, path, (node) => (isSchemaObject(node) ? Object.fromEntries(Object.entries(node).filter(([k]) => k !== key)) : node));

/** The object at `path` with one more member. */
export const withMember = (value: unknown, path: Path, key: string, member: unknown): unknown =>
  editAt(value, path, (node) => (isSchemaObject(node) ? Object.fromEntries([...Object.entries(node), [key, member]]) : node));

/** `"a"` as `"\u0061"`: the same name, spelled with its first UTF-16 unit escaped. */
export const escapedName = (key: string): string =>
  `"\\u${key.charCodeAt(0).toString(16).padStart(4, "0")}${JSON.stringify(key.slice(1)).slice(1)}`;

export interface Duplicate {
  readonly path: Path;
  readonly escaped: boolean;
}

const samePath = (a: Path, b: Path): boolean => a.length === b.length && a.every((t, i) => t === b[i]);

/** Compact JSON of `value`; at `duplicate.path` the object's first member is written twice. */
export function serialize(value: unknown, duplicate?: Duplicate, at: Path = []): string {
  if (Array.isArray(value)) return `[${value.map((v, i) => serialize(v, duplicate, [...at, i])).join(",")}]`;
  if (!isSchemaObject(value)) return JSON.stringify(value);
  const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${serialize(v, duplicate, [...at, k])}`);
  const [first] = Object.entries(value);
  if (duplicate !== undefined && first !== undefined && samePath(at, duplicate.path)) {
    const name = duplicate.escaped ? escapedName(first[0]) : JSON.stringify(first[0]);
    members.splice(1, 0, `${name}:${serialize(first[1])}`);
  }
  return `{${members.join(",")}}`;
}

/** Nesting depth as the runtime's parser counts it: a scalar 0, `[]` 1. */
export function depthOf(value: unknown): number {
  const children = Array.isArray(value) ? value : isSchemaObject(value) ? Object.values(value) : undefined;
  return children === undefined ? 0 : 1 + Math.max(0, ...children.map(depthOf));
}

export const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/** The value at `path`, if every step exists as an own member or index. */
export function valueAt(value: unknown, path: Path): { readonly value: unknown } | undefined {
  let node = value;
  for (const token of path) {
    if (Array.isArray(node) && typeof token === "number" && token < node.length) node = node[token];
    else if (isSchemaObject(node) && typeof token === "string" && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return { value: node };
}
