// INTERIM (lead engineer): replaced by the strict scanner; exists only so the pipeline builds meanwhile.
export interface ParseLimits {
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly losslessIntegerKeys?: readonly string[];
}
export type ParseFailureReason =
  | "too_large" | "too_deep" | "invalid_utf8" | "bom" | "syntax" | "duplicate_key"
  | "forbidden_key" | "lone_surrogate" | "non_finite_number" | "unsafe_integer";
export type ParseOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly layer: "transport" | "syntax"; readonly reason: ParseFailureReason; readonly offset: number };

export function parseStrict(input: string | Uint8Array, limits: ParseLimits): ParseOutcome {
  const text = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: true }).decode(input);
  if (Buffer.byteLength(text) > limits.maxBytes) return { ok: false, layer: "transport", reason: "too_large", offset: 0 };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, layer: "syntax", reason: "syntax", offset: 0 };
  }
}
