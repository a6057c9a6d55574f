export interface ParseLimits {
  /** Largest input accepted, in UTF-8 bytes; checked before any other work. */
  readonly maxBytes: number;
  /** Deepest nesting of arrays and objects accepted; enforced without recursion. */
  readonly maxDepth: number;
  /** Member names whose integers beyond ±(2^53−1) come back as decimal strings instead of being rejected. */
  readonly losslessIntegerKeys?: readonly string[];
  /**
   * Names refused as forbidden (__proto__, constructor, prototype) that the tool's schemas declare as
   * properties: accepted as own data members, which the validators and the selector read as data.
   */
  readonly declaredForbiddenKeys?: readonly string[];
}

export type ParseFailureReason =
  | "too_large"
  | "too_deep"
  | "invalid_utf8"
  | "bom"
  | "syntax"
  | "duplicate_key"
  | "forbidden_key"
  | "lone_surrogate"
  | "non_finite_number"
  | "unsafe_integer";

export type ParseFailure = {
  readonly ok: false;
  readonly layer: "transport" | "syntax";
  readonly reason: ParseFailureReason;
  /** Where the problem was found (UTF-16 offset in the text; byte offset before decoding). For operators only. */
  readonly offset: number;
};

/**
 * A generated validator's member count (emit/lean/countable.ts): `count` returns the members of the
 * data it accepts (never more than the tree holds; NaN when the data holds a number beyond the safe
 * range) or -1 when it refuses the data; `depth` bounds the nesting of what it accepts.
 */
export interface MemberProof {
  readonly count: (data: unknown) => number;
  readonly depth: number;
}

/** `validated`: the proof's validator already accepted the value (json/fast.ts). */
export type ParseOutcome = { readonly ok: true; readonly value: unknown; readonly validated?: true } | ParseFailure;

export function parseFailure(reason: ParseFailureReason, offset: number): ParseFailure {
  const layer = reason === "too_large" || reason === "too_deep" ? "transport" : "syntax";
  return { ok: false, layer, reason, offset };
}
