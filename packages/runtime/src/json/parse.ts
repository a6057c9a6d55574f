import { rawLoneSurrogate, toText } from "./decode.js";
import { parseExact } from "./exact.js";
import { parseFast } from "./fast.js";
import type { ParseLimits, ParseOutcome } from "./types.js";

/**
 * Strict JSON for untrusted tool output: the byte limit first, then fatal UTF-8 (and, for strings,
 * no raw lone surrogate), then depth, forbidden names, escaped lone surrogates, non-finite numbers,
 * unsafe integers (or their digits under a lossless name) and duplicate names, escape-equivalent
 * spellings included; the grammar and the values are JSON.parse's. Most texts are cleared by the
 * fast path (native calls and one walk of the parsed tree); any text it cannot clear takes the exact
 * path, whose outcome (the first problem in text order, at its offset) is the one returned. The
 * outcome is the same whichever path decides. Never throws; no recursion.
 */
export function parseStrict(input: string | Uint8Array, limits: ParseLimits): ParseOutcome {
  const text = toText(input, limits.maxBytes);
  if (typeof text !== "string") return text;
  return parseFast(text, limits, typeof input === "string") ?? rawLoneSurrogate(input) ?? parseExact(text, limits);
}
