/** Member names seen in one object: a small array compared linearly, a Set once it grows. */

export type KeySet = string[] | Set<string>;

/** Adds `key`; returns false when the object already has it. */
export function addKey(keys: KeySet, key: string): boolean {
  if (Array.isArray(keys)) {
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return false;
    keys.push(key);
    return true;
  }
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}

/** Names that would change a prototype if any later code merged the object (Object.assign, spread). */
export function isForbiddenKey(key: string): boolean {
  const length = key.length;
  if (length === 9) return key === "__proto__" || key === "prototype";
  return length === 11 && key === "constructor";
}
