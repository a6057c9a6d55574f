import type { ToolCall, ToolgateContext } from "./types.js";

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
 * A call as `call()` hands it out: its four members frozen, plus private state no copy
 * (`{ ...call }`), hand-built object or proxy can have, and no caller can reach. One class for every
 * adapter, so the stages that read a call see one shape whichever tool issued it.
 */
class IssuedCall<Input> implements ToolCall<Input> {
  readonly #issuer: IssuedCalls;
  #open = true;

  constructor(
    issuer: IssuedCalls,
    readonly tool: string,
    readonly request_id: string,
    readonly input: Input,
    readonly context: ToolgateContext,
  ) {
    this.#issuer = issuer;
    Object.freeze(this);
  }

  static conclude(issuer: IssuedCalls, call: unknown): Refusal | undefined {
    if (typeof call !== "object" || call === null || !(#issuer in call) || call.#issuer !== issuer) return "call.issued";
    if (!call.#open) return "call.once";
    call.#open = false;
    return undefined;
  }
}

/**
 * The calls an adapter issued and the ones whose result was already judged: one result per
 * issued call, so a replayed or duplicated upstream answer cannot be adapted a second time, and a
 * copy, a hand-built object or another adapter's call is never taken for one. A retry asks `call()`
 * for a new call (a new request id). The state lives on the call itself (a private field, which
 * freezing leaves writable), so a finished call costs nothing once the caller drops it and no
 * lookup table is consulted per result.
 */
export class IssuedCalls {
  /** A frozen call, open until concluded. */
  issue<Input>(tool: string, request_id: string, input: Input, context: ToolgateContext): ToolCall<Input> {
    return new IssuedCall(this, tool, request_id, input, context);
  }

  /** Marks an open call concluded, or says why it cannot be: not issued here, or concluded before. */
  conclude(call: unknown): Refusal | undefined {
    return IssuedCall.conclude(this, call);
  }
}
