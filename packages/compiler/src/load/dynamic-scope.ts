import type { LoadedDocument } from "./document.js";
import type { Identifiers } from "./identifiers.js";

/**
 * The dynamic scope of a `$dynamicRef`, known at compile time: a tool's payload has one entry point,
 * so each path by which the validator reaches a schema enters a known list of schema resources. All
 * that matters of that list is, per `$dynamicAnchor` name, the outermost resource declaring it (the
 * one a `$dynamicRef` to that name resolves to), so a scope is that map, grown as resources are
 * entered. A schema reached under two different scopes is bundled once per scope.
 */
export interface Target {
  readonly doc: LoadedDocument;
  /** A pointer into `doc` as written. */
  readonly pointer: string;
}

export type DynamicScope = ReadonlyMap<string, Target>;

export const NO_SCOPE: DynamicScope = new Map();

/** `scope` after entering a resource of `doc` declaring `anchors` (name → pointer): the outermost wins. */
export function enter(scope: DynamicScope, doc: LoadedDocument, anchors: ReadonlyMap<string, string>): DynamicScope {
  let out: Map<string, Target> | undefined;
  for (const [name, pointer] of anchors) if (!scope.has(name)) (out ??= new Map(scope)).set(name, { doc, pointer });
  return out ?? scope;
}

/** The scope on entering `target` from `outer`: the resource containing it joins the scope. */
export const entering = (outer: DynamicScope, target: Target, ids: Identifiers): DynamicScope =>
  enter(outer, target.doc, ids.dynamicAnchors(ids.resourceRoot(target.pointer)));

/** The scope at `to` inside a copy entered at `from` under `scope`: the resources nested on the way join it. */
export const nestedScope = (scope: DynamicScope, doc: LoadedDocument, ids: Identifiers, from: string, to: string): DynamicScope =>
  ids.resourcesBelow(from, to).reduce((s, root) => enter(s, doc, ids.dynamicAnchors(root)), scope);

/**
 * Where a `$dynamicRef` goes (2020-12 §8.2.3.2): where it starts unless that declares the
 * `$dynamicAnchor` it names, else the outermost resource in scope declaring it. `duplicates`: how
 * many schemas of the target's resource declare that name, when more than one (no static answer).
 */
export function dynamicTarget(ref: string, initial: Target, scope: DynamicScope, idsOf: (t: Target) => Identifiers): { target: Target; duplicates?: number } {
  const name = dynamicName(ref);
  if (name === undefined || !idsOf(initial).dynamicAnchor(initial.pointer, name).declares) return { target: initial };
  const target = scope.get(name) ?? initial;
  const { count } = idsOf(target).dynamicAnchor(target.pointer, name);
  return count > 1 ? { target, duplicates: count } : { target };
}

/** A stable key of the scope, for bundling a schema once per scope it is reached under. */
export const scopeKey = (scope: DynamicScope): string =>
  [...scope].map(([name, t]) => `${name}=${t.doc.path}#${t.pointer}`).sort().join("\n");

/**
 * 2019-09's `$recursiveAnchor: true`, upgraded to a `$dynamicAnchor` under this name: `$` is not
 * allowed in an anchor name, so no user anchor can clash with it.
 */
export const RECURSIVE_ANCHOR = "$recursiveAnchor";

/** The anchor name a `$dynamicRef` names (its plain-name fragment), if any. */
export function dynamicName(ref: string): string | undefined {
  const hash = ref.indexOf("#");
  const name = hash < 0 ? "" : ref.slice(hash + 1);
  return name === "" || name.startsWith("/") ? undefined : name;
}

/** What a `$dynamicRef` starts from: `$recursiveRef`'s is the resource root, not an anchor. */
export const initialRef = (ref: string): string => (dynamicName(ref) === RECURSIVE_ANCHOR ? ref.slice(0, ref.indexOf("#") + 1) : ref);
