const nameSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The limits' list of names as a Set, built once per list. */
export function nameSet(keys: readonly string[] | undefined): ReadonlySet<string> | undefined {
  if (!keys || keys.length === 0) return undefined;
  let set = nameSets.get(keys);
  if (!set) nameSets.set(keys, (set = new Set(keys)));
  return set;
}
