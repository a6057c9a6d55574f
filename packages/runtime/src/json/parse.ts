import { toText } from "./decode.js";
import { scan, type LosslessSpan } from "./scan.js";
import { parseFailure, type ParseLimits, type ParseOutcome } from "./types.js";

const nameSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The limits' list of names as a Set, built once per list. */
function nameSet(keys: readonly string[] | undefined): ReadonlySet<string> | undefined {
  if (!keys || keys.length === 0) return undefined;
  let set = nameSets.get(keys);
  if (!set) nameSets.set(keys, (set = new Set(keys)));
  return set;
}

/** Quotes the listed number tokens so JSON.parse keeps their digits as strings. */
function quoteSpans(text: string, spans: readonly LosslessSpan[]): string {
  let out = "";
  let at = 0;
  for (const span of spans) {
    out += `${text.slice(at, span.start)}"${text.slice(span.start, span.end)}"`;
    at = span.end;
  }
  return out + text.slice(at);
}

/**
 * Strict JSON for untrusted tool output: the byte limit first, then fatal UTF-8, then one scan for
 * depth, duplicate names (also escape-equivalent spellings), forbidden names, lone surrogates and
 * unsafe numbers, then JSON.parse for the grammar and the values. Never throws.
 */
export function parseStrict(input: string | Uint8Array, limits: ParseLimits): ParseOutcome {
  const text = toText(input, limits.maxBytes);
  if (typeof text !== "string") return text;
  const scanned = scan(text, { maxDepth: limits.maxDepth, lossless: nameSet(limits.losslessIntegerKeys), declared: nameSet(limits.declaredForbiddenKeys) });
  if (!Array.isArray(scanned)) return scanned as Exclude<typeof scanned, readonly LosslessSpan[]>;
  try {
    return { ok: true, value: JSON.parse(scanned.length === 0 ? text : quoteSpans(text, scanned)) };
  } catch {
    return parseFailure("syntax", 0);
  }
}
