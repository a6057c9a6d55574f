import { memberCount, prototypeIsClean } from "./members.js";
import { nameSet } from "./names.js";
import { scan, type LosslessSpan, type ScanOptions } from "./scan.js";
import { parseFailure, type ParseLimits, type ParseOutcome } from "./types.js";

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

const scanOptions = (limits: ParseLimits): ScanOptions => ({
  maxDepth: limits.maxDepth,
  lossless: nameSet(limits.losslessIntegerKeys),
  declared: nameSet(limits.declaredForbiddenKeys),
});

/**
 * The exact path, for every text the fast path (fast.ts) cannot clear: one scan for depth, forbidden
 * names, lone surrogates and unsafe numbers that also counts the members, then JSON.parse for the
 * grammar and the values. Duplicate names (also escape-equivalent spellings): JSON.parse keeps one
 * own member per distinct name, so when the tree has as many members as the text has there is none;
 * only on a mismatch (or a polluted Object.prototype, which makes the count unusable) does the
 * exact scan run, to name the offending member. The first problem in text order is the one reported.
 */
export function parseExact(text: string, limits: ParseLimits): ParseOutcome {
  const options = scanOptions(limits);
  const scanned = scan(text, options, false);
  if (!("members" in scanned)) return scanned;
  let value: unknown;
  try {
    value = JSON.parse(scanned.lossless.length === 0 ? text : quoteSpans(text, scanned.lossless));
  } catch {
    return parseFailure("syntax", 0);
  }
  const clean = prototypeIsClean();
  if (clean && memberCount(value) === scanned.members) return { ok: true, value };
  const exact = scan(text, options, true);
  if (!("members" in exact)) return exact;
  // With a clean prototype only a repeated name, which the exact scan finds, changes the count; should it find none, refuse anyway.
  return clean ? parseFailure("duplicate_key", 0) : { ok: true, value };
}
