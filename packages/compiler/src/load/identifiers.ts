import { forEachSchema, isSchemaObject, type SchemaObject } from "../schema/walk.js";
import { idKeyword, ignoresRefSiblings, isOpenApi, type Dialect } from "./dialect/dialects.js";
import { RECURSIVE_ANCHOR } from "./dynamic-scope.js";
import { childPointer, decodeFragment, parentPointer } from "./pointer.js";

/**
 * Where each `$id`, `$anchor` (and pre-2019 `#name` id) of one schema tree points, by absolute URI,
 * read from the schema as written. Lets `$ref` name the schema's own `$id`, a nested resource or
 * an anchor (`#item`), each resolved against the base URI in effect where the `$ref` is written.
 */
export class Identifiers {
  readonly #bases = new Map<string, string>();
  readonly #resources = new Map<string, string>();
  readonly #anchors = new Map<string, string>();
  /** Per resource (by its root pointer): each `$dynamicAnchor` name and the pointers declaring it. */
  readonly #dynamic = new Map<string, Map<string, string[]>>();

  /** `defaultBase`: the tree's URI when its root has no `$id`. */
  constructor(root: unknown, rootPointer: string, defaultBase: string, dialect: Dialect) {
    const base = absolute(defaultBase, "file:///") ?? "file:///";
    this.#bases.set(rootPointer, base);
    this.#resources.set(base, rootPointer);
    // Draft-04 spells `$id` as `id`; before 2019-09 an id beside `$ref` is ignored with it.
    const legacy = { id: idKeyword(dialect), refHidesId: ignoresRefSiblings(dialect), recursive: dialect === "2019-09" };
    const visit = (node: SchemaObject, at: string): void => this.#visit(node, at, legacy);
    forEachSchema(root, rootPointer, visit);
    for (const [at, schema] of componentSchemas(root, rootPointer, dialect)) forEachSchema(schema, at, visit);
  }

  /** The base URI in effect at `pointer` (the nearest enclosing `$id`). */
  base(pointer: string): string {
    for (let p = pointer; ; p = parentPointer(p)) {
      const base = this.#bases.get(p);
      if (base !== undefined) return base;
      if (p === "") return "";
    }
  }

  /**
   * The pointer (as written) that `ref`, written at `pointer`, names; "unknown" when it names no
   * resource of this tree, "missing" when it names one but not an existing place in it.
   */
  resolve(ref: string, pointer: string): string | "unknown" | "missing" {
    const url = this.absolute(ref, pointer);
    if (url === undefined) return "unknown";
    const hash = url.indexOf("#");
    const resource = this.#resources.get(hash < 0 ? url : url.slice(0, hash));
    return resource === undefined ? "unknown" : this.fragment(hash < 0 ? "" : url.slice(hash + 1), resource);
  }

  /** `ref` as an absolute URI, against the base in effect at `pointer`. */
  absolute(ref: string, pointer: string): string | undefined {
    return absolute(ref, this.base(pointer));
  }

  /** The pointer a fragment (a JSON Pointer or an anchor name) names inside the resource at `resource`. */
  fragment(fragment: string, resource: string): string | "missing" {
    const decoded = decodeFragment(fragment);
    if (decoded === undefined) return "missing";
    if (decoded === "" || decoded.startsWith("/")) return resource + decoded;
    return this.#anchors.get(`${stripFragment(this.base(resource))}#${fragment}`) ?? "missing";
  }

  /** The root pointer of the innermost resource that contains `pointer`. */
  resourceRoot(pointer: string): string {
    for (let p = pointer; ; p = parentPointer(p)) if (this.#bases.has(p) || p === "") return p;
  }

  /** The roots of the resources entered below `from` on the way down to `to`, outermost first. */
  resourcesBelow(from: string, to: string): string[] {
    const roots: string[] = [];
    for (let p = to; p.length > from.length; p = parentPointer(p)) if (this.#bases.has(p)) roots.unshift(p);
    return roots;
  }

  /** The `$dynamicAnchor`s of the resource rooted at `root`: name → the first pointer declaring it. */
  dynamicAnchors(root: string): ReadonlyMap<string, string> {
    return new Map([...(this.#dynamic.get(root) ?? [])].map(([name, at]) => [name, at[0]!]));
  }

  /** How many schemas of the resource containing `pointer` declare `$dynamicAnchor: name`, and whether `pointer` is one. */
  dynamicAnchor(pointer: string, name: string): { declares: boolean; count: number } {
    const at = this.#dynamic.get(this.resourceRoot(pointer))?.get(name) ?? [];
    return { declares: at.includes(pointer), count: at.length };
  }

  #visit(node: SchemaObject, at: string, legacy: { id: string; refHidesId: boolean; recursive: boolean }): void {
    const id = node[legacy.id];
    const hidden = legacy.refHidesId && typeof node.$ref === "string";
    if (typeof id === "string" && !hidden) {
      const url = absolute(id, this.base(at));
      if (url !== undefined) this.#identify(url, at);
    }
    for (const key of ["$anchor", "$dynamicAnchor"]) {
      const anchor = node[key];
      if (typeof anchor !== "string") continue;
      this.#anchors.set(`${stripFragment(this.base(at))}#${anchor}`, at);
      if (key === "$dynamicAnchor") this.#declareDynamic(anchor, at);
    }
    // 2019-09: `$recursiveAnchor: true` is what 2020-12's `$dynamicAnchor` generalised (upgrade in legacy.ts).
    if (legacy.recursive && node.$recursiveAnchor === true) this.#declareDynamic(RECURSIVE_ANCHOR, at);
  }

  #declareDynamic(name: string, at: string): void {
    const root = this.resourceRoot(at);
    let names = this.#dynamic.get(root);
    if (names === undefined) this.#dynamic.set(root, (names = new Map()));
    names.set(name, [...(names.get(name) ?? []), at]);
  }

  #identify(url: string, at: string): void {
    const hash = url.indexOf("#");
    const resource = hash < 0 ? url : url.slice(0, hash);
    const fragment = hash < 0 ? "" : url.slice(hash + 1);
    if (resource !== stripFragment(this.base(parentPointer(at)))) {
      this.#bases.set(at, resource);
      if (!this.#resources.has(resource)) this.#resources.set(resource, at);
    }
    if (fragment !== "" && !fragment.startsWith("/")) this.#anchors.set(`${resource}#${fragment}`, at);
  }
}

/**
 * An OpenAPI document is no schema, so the walk above does not enter it: its Schema Objects under
 * `components/schemas` are trees of their own, and a `$id` or anchor inside one names a resource
 * that `$ref`/`$dynamicRef` may use (Scalar's Galaxy: `PaginatedResource` with `$dynamicAnchor`).
 */
function componentSchemas(root: unknown, rootPointer: string, dialect: Dialect): [string, unknown][] {
  const schemas = isSchemaObject(root) && isOpenApi(dialect) && isSchemaObject(root.components) ? root.components.schemas : undefined;
  if (!isSchemaObject(schemas)) return [];
  const at = childPointer(childPointer(rootPointer, "components"), "schemas");
  return Object.entries(schemas).map(([name, schema]) => [childPointer(at, name), schema]);
}

const stripFragment = (url: string): string => url.replace(/#.*$/, "");

function absolute(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}
