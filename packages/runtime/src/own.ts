// Captured once: a polluted prototype may shadow names on objects, never this function.
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `value[key]` when it is the value's own member, else undefined. A member inherited from a
 * polluted Object.prototype (or Array.prototype) is not data the upstream or the caller sent.
 */
export function ownMember(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && hasOwn.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}
