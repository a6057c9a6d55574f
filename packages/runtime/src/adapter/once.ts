import type { ToolCall } from "./types.js";

const OBJECT_PROTOTYPE = Object.prototype;

/**
 * A deep, frozen copy of validated arguments: the call's input cannot change after `call()`, and
 * the caller's own object stays theirs to mutate. Own enumerable members only (JSON-shaped input).
 * A member is assigned, which creates an own data member unless Object.prototype has that name (a
 * setter or `__proto__` would take the assignment): such a name is defined instead. Cheaper per
 * call than `Object.fromEntries(Object.entries(…))`, which builds an array per member.
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = frozenCopy((value as Record<string, unknown>)[key]);
    if (key in OBJECT_PROTOTYPE) Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true, configurable: true });
    else copy[key] = member;
  }
  return Object.freeze(copy) as T;
}

/** Why a call cannot be concluded: not one this adapter issued, or already concluded. */
export type Refusal = "call.issued" | "call.once";

/**
 * The calls an adapter issued and the ones whose result was already judged: one result per
 * issued call, so a replayed or duplicated upstream answer cannot be adapted a second time, and a
 * copy (`{ ...call }`), a hand-built object or another adapter's call is never taken for one. A
 * retry asks `call()` for a new call (a new request id). Weak, so finished calls cost no memory
 * once the caller drops them.
 */
export class IssuedCalls {
  /** Each issued call: true while open, false once concluded. One weak entry per call, updated in place. */
  readonly #open = new WeakMap<object, boolean>();

  /** Registers a frozen call `call()` hands out. */
  issue<T extends object>(call: T): T {
    this.#open.set(call, true);
    return call;
  }

  /** undefined the first time an issued `call` concludes; otherwise why it is refused. */
  conclude(call: unknown): Refusal | undefined {
    if (typeof call !== "object" || call === null) return "call.issued";
    const open = this.#open.get(call);
    if (open === undefined) return "call.issued";
    if (!open) return "call.once";
    this.#open.set(call, false);
    return undefined;
  }
}
