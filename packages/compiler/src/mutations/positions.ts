import { escapeToken } from "../load/pointer.js";
import { isSchemaObject } from "../schema/walk.js";
import { isStructural, type SchemaScope, type SchemaSet } from "./schema-set.js";

export type Path = readonly (string | number)[];

/** One value of the base response with the schemas that apply to it. */
export interface Position {
  /** Where the value sits in the raw response (under `data` for envelope upstreams). */
  readonly path: Path;
  readonly pointer: string;
  readonly set: SchemaSet;
  readonly value: unknown;
  /**
   * Every ancestor's set is structural: replacing this value by one its own set accepts keeps the
   * whole response valid. Mutations that must pass the schema (bind, fresh) need it.
   */
  readonly steady: boolean;
}

export const pointerOf = (path: Path): string => path.map((t) => `/${escapeToken(String(t))}`).join("");

/** Every value of `value` (depth first, members in their order) with its schema set. */
export function positionsOf(scope: SchemaScope, set: SchemaSet, value: unknown, prefix: Path): Position[] {
  const out: Position[] = [];
  const visit = (at: Path, here: SchemaSet, node: unknown, steady: boolean): void => {
    out.push({ path: at, pointer: pointerOf(at), set: here, value: node, steady });
    const below = steady && isStructural(here);
    if (Array.isArray(node)) node.forEach((item, i) => visit([...at, i], scope.item(here, i), item, below));
    else if (isSchemaObject(node)) for (const [key, member] of Object.entries(node)) visit([...at, key], scope.member(here, key), member, below);
  };
  visit(prefix, set, value, true);
  return out;
}

/** The sets from `set` down along `path` (member names and item indexes), the root's first. */
export function setsAlong(scope: SchemaScope, set: SchemaSet, path: Path): SchemaSet[] {
  const sets = [set];
  for (const token of path) {
    const here = sets[sets.length - 1]!;
    sets.push(typeof token === "number" ? scope.item(here, token) : scope.member(here, token));
  }
  return sets;
}

/** The set at the end of `path`, and whether a value there can change without flipping an ancestor. */
export function leafAlong(scope: SchemaScope, set: SchemaSet, path: Path): { readonly set: SchemaSet; readonly steady: boolean } {
  const sets = setsAlong(scope, set, path);
  return { set: sets[sets.length - 1]!, steady: sets.slice(0, -1).every(isStructural) };
}
