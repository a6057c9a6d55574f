import { rawLoneSurrogate, toText } from "./decode.js";
import { parseExact } from "./exact.js";
import { parseFast } from "./fast.js";
import type { MemberProof, ParseLimits, ParseOutcome } from "./types.js";

/**
 * Strict JSON for untrusted tool output: the byte limit first, then fatal UTF-8 (and, for strings,
 * no raw lone surrogate), then depth, forbidden names, escaped lone surrogates, non-finite numbers,
 * unsafe integers (or their digits under a lossless name) and duplicate names, escape-equivalent
 * spellings included; the grammar and the values are JSON.parse's. Most texts are cleared by the
 * fast path (native calls and one walk of the parsed tree); any text it cannot clear takes the exact
 * path, whose outcome (the first problem in text order, at its offset) is the one returned. The
 * outcome is the same whichever path decides. With a `proof`, the fast path may count members with
 * the response's validator instead of walking the tree (`validated` then says it accepted the
 * value). Never throws; no recursion (a proof's validator recurses only as deep as `proof.depth`).
 */
export function parseStrict(input: string | Uint8Array, limits: ParseLimits, proof?: MemberProof): ParseOutcome {
  const text = toText(input, limits.maxBytes);
  if (typeof text !== "string") return text;
  return parseFast(text, limits, typeof input === "string", proof) ?? rawLoneSurrogate(input) ?? parseExact(text, limits);
}
