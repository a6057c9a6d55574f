import { RECURSIVE_ANCHOR } from "../dynamic-scope.js";
import { booleanExclusives, idAnchors, idKeyword, ignoresRefSiblings, type Dialect } from "./dialects.js";
import { find, without, type Entry, type Report } from "./rules.js";

// Kept beside a $ref that replaces its object: they assert nothing, and $defs stay reachable by pointer.
const INERT_BESIDE_REF = new Set(["$ref", "$comment", "$defs", "definitions", "description", "title", "examples", "default"]);

/** draft-04, -06, -07, 2019-09 and OpenAPI 3.0 keywords, rewritten as their 2020-12 equivalents. */
export function legacyKeywords(entries: readonly Entry[], dialect: Dialect, report: Report): readonly Entry[] {
  let out = refSiblings(entries, dialect, report);
  out = identifiers(out, dialect);
  if (booleanExclusives(dialect)) out = exclusives(exclusives(out, "Minimum", dialect, report), "Maximum", dialect, report);
  out = tupleItems(out);
  out = dialect === "2019-09" ? recursiveKeywords(out) : dependencies(out);
  const definitions = find(out, "definitions");
  if (definitions && !find(out, "$defs")) out = out.map((e) => (e === definitions ? { ...e, keyword: "$defs" } : e));
  return out;
}

/** Before 2019-09 `$ref` replaces the whole object: what stands beside it never applied. */
function refSiblings(entries: readonly Entry[], dialect: Dialect, report: Report): readonly Entry[] {
  if (!ignoresRefSiblings(dialect) || typeof find(entries, "$ref")?.value !== "string") return entries;
  const dropped = entries.filter((e) => !INERT_BESIDE_REF.has(e.keyword));
  if (dropped.some((e) => e.keyword !== "$id" && e.keyword !== "id" && e.keyword !== "$schema")) {
    const names = dropped.map((e) => e.from).join(", ");
    report({ code: "TG231", keyword: "$ref", dialect, change: `drops ${names} beside $ref (${dialect} ignores keywords beside a $ref)` });
  }
  return entries.filter((e) => INERT_BESIDE_REF.has(e.keyword));
}

/**
 * 2019-09's `$recursiveAnchor: true` is a `$dynamicAnchor` under a reserved name and `$recursiveRef`
 * a `$dynamicRef` to it: the bundler starts that one from the resource root (`#`), and follows it
 * dynamically only where the root declares the anchor, so without one it is the plain `$ref`.
 */
function recursiveKeywords(entries: readonly Entry[]): readonly Entry[] {
  return entries.flatMap((e): Entry[] => {
    if (e.keyword === "$recursiveAnchor" && typeof e.value === "boolean") return e.value ? [{ ...e, keyword: "$dynamicAnchor", value: RECURSIVE_ANCHOR }] : [];
    if (e.keyword !== "$recursiveRef" || typeof e.value !== "string") return [e];
    return [{ ...e, keyword: "$dynamicRef", value: `${e.value.replace(/#.*$/, "")}#${RECURSIVE_ANCHOR}` }];
  });
}

/** `id` becomes `$id`; a plain-name fragment id ("#item") becomes `$anchor`. */
function identifiers(entries: readonly Entry[], dialect: Dialect): readonly Entry[] {
  const id = find(entries, idKeyword(dialect));
  if (!id || typeof id.value !== "string") return entries;
  const anchor = idAnchors(dialect) ? /^#([A-Za-z][-A-Za-z0-9.:_]*)$/.exec(id.value)?.[1] : undefined;
  const renamed = anchor === undefined ? { ...id, keyword: "$id" } : { ...id, keyword: "$anchor", value: anchor };
  return entries.map((e) => (e === id ? renamed : e));
}

/** Draft-04's `exclusiveMinimum: true` modifies `minimum`; 2020-12's is the bound itself. */
function exclusives(entries: readonly Entry[], bound: "Minimum" | "Maximum", dialect: Dialect, report: Report): readonly Entry[] {
  const flag = find(entries, `exclusive${bound}`);
  if (!flag || typeof flag.value !== "boolean") return entries;
  const limit = find(entries, bound.toLowerCase());
  if (flag.value && limit === undefined) {
    report({ code: "TG231", keyword: flag.keyword, dialect, change: `drops exclusive${bound}: true, which has no effect without ${bound.toLowerCase()}` });
  }
  if (!flag.value || limit === undefined) return without(entries, flag.keyword);
  return without(entries, flag.keyword).map((e) => (e === limit ? { keyword: flag.keyword, value: limit.value, from: limit.from } : e));
}

/** A tuple `items: [..]` is `prefixItems`; `additionalItems` applies only after one, as `items`. */
function tupleItems(entries: readonly Entry[]): readonly Entry[] {
  const items = find(entries, "items");
  const tuple = items !== undefined && Array.isArray(items.value);
  return entries.flatMap((e) => {
    if (e === items && tuple) return [{ ...e, keyword: "prefixItems" }];
    if (e.keyword === "additionalItems") return tuple ? [{ ...e, keyword: "items" }] : [];
    return [e];
  });
}

/** `dependencies` splits into `dependentRequired` (name lists) and `dependentSchemas` (schemas). */
function dependencies(entries: readonly Entry[]): readonly Entry[] {
  const deps = find(entries, "dependencies");
  if (!deps || deps.value === null || typeof deps.value !== "object" || Array.isArray(deps.value)) return entries;
  const all = Object.entries(deps.value);
  const split = (keyword: string, lists: boolean): Entry[] => {
    const part = all.filter(([, v]) => Array.isArray(v) === lists);
    return part.length === 0 || find(entries, keyword) ? [] : [{ keyword, value: Object.fromEntries(part), from: "dependencies" }];
  };
  return [...without(entries, "dependencies"), ...split("dependentRequired", true), ...split("dependentSchemas", false)];
}
