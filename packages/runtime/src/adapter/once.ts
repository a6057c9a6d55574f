import type { ToolCall } from "./types.js";

/**
 * A deep, frozen copy of validated arguments: the call's input cannot change after `call()`, and
 * the caller's own object stays theirs to mutate. Own enumerable members only (JSON-shaped input);
 * a member named `__proto__` stays a plain member (Object.fromEntries defines, never assigns).
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  const copy = Array.isArray(value) ? value.map(frozenCopy) : Object.fromEntries(Object.entries(value).map(([key, member]) => [key, frozenCopy(member)]));
  return Object.freeze(copy) as T;
}

/**
 * The calls whose result was already judged: one result per call, so a replayed or duplicated
 * upstream answer cannot be adapted a second time. A retry asks `call()` for a new call (a new
 * request id). Weak, so finished calls cost no memory once the caller drops them.
 */
export class ConcludedCalls {
  readonly #seen = new WeakSet<ToolCall<unknown>>();

  /** true the first time `call` concludes, false ever after. */
  conclude(call: ToolCall<unknown>): boolean {
    if (typeof call !== "object" || call === null) return true;
    if (this.#seen.has(call)) return false;
    this.#seen.add(call);
    return true;
  }
}
