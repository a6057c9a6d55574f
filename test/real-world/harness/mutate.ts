import type { Instance } from "./corpus.js";

/**
 * Near misses of a valid instance, so that "accepted what the reference rejects" is exercised: a
 * member dropped, a member of the wrong type, an extra member, at the root and one level down.
 * Deterministic: members are taken in sorted order, at most `PER_LEVEL` of them per level.
 */

const PER_LEVEL = 3;
const EXTRA = "toolgate_extra_member";

type Json = unknown;
const isRecord = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value of another JSON type than `v`. */
function wrongType(v: Json): Json {
  if (typeof v === "string") return 12345;
  if (typeof v === "number" || typeof v === "boolean") return "not-a-" + typeof v;
  if (Array.isArray(v)) return { not: "an array" };
  if (v === null) return [];
  return "not-an-object";
}

function objectMutations(obj: Record<string, Json>, at: string): [string, Record<string, Json>][] {
  const keys = Object.keys(obj).sort().slice(0, PER_LEVEL);
  return [
    ...keys.map((k): [string, Record<string, Json>] => [`drop ${at}${k}`, Object.fromEntries(Object.entries(obj).filter(([key]) => key !== k))]),
    ...keys.map((k): [string, Record<string, Json>] => [`retype ${at}${k}`, { ...obj, [k]: wrongType(obj[k]) }]),
    [`add ${at}${EXTRA}`, { ...obj, [EXTRA]: true }],
  ];
}

export function nearMisses(instance: Instance): Instance[] {
  const root = instance.data;
  if (!isRecord(root)) return [{ origin: `${instance.origin} retype /`, data: wrongType(root) }];
  const top = objectMutations(root, "/");
  const child = Object.keys(root).sort().find((k) => isRecord(root[k]));
  const nested = child === undefined ? [] : objectMutations(root[child] as Record<string, Json>, `/${child}/`).map(([what, v]): [string, Json] => [what, { ...root, [child]: v }]);
  return [...top, ...nested, ["retype /", wrongType(root)] as [string, Json]].map(([what, data]) => ({ origin: `${instance.origin} ${what}`, data }));
}
