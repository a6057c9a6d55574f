import { colonsAfterQuotes, openingRunWithin, UNCOUNTED } from "./hops.js";
import { prototypeIsClean } from "./members.js";
import { nameSet } from "./names.js";
import { SUSPECT, treeTally } from "./tree.js";
import type { ParseLimits, ParseOutcome } from "./types.js";

/**
 * The fast path: native calls and one walk of the parsed tree instead of a scan of the characters.
 * Returns an accepted outcome only when it proves the text has none of the problems the exact path
 * (exact.ts) refuses, and undefined for every other text, which then takes the exact path:
 * - lossless integer names set: the exact path (it quotes their tokens before JSON.parse);
 * - lone surrogates: raw ones and invalid UTF-8 were refused before (decode.ts); an escaped one
 *   is only possible with a `\u` in the text, and then every string of the tree is checked;
 * - depth, forbidden names, non-finite and unsafe numbers: on the tree (tree.ts);
 * - duplicate names: every member has one colon right after its name's quote (a colon after
 *   whitespace sends the text on), and a quote right before a colon is otherwise the opening quote
 *   of a string that starts with a colon or an escaped quote. So the text has at least as many
 *   colons after quotes as members, plus, without `\u` (which can spell a colon), the strings that
 *   start with one; exactly as many without `\":`. JSON.parse keeps one member per distinct name;
 *   a repeated one loses at least its member, and strings only ever with it, so equal counts prove
 *   there is none (with `\u`, a text whose strings start with a raw colon is merely sent on).
 */
export function parseFast(text: string, limits: ParseLimits): ParseOutcome | undefined {
  if (limits.losslessIntegerKeys !== undefined && limits.losslessIntegerKeys.length > 0) return undefined;
  if (!openingRunWithin(text, limits.maxDepth)) return undefined;
  // Counted before JSON.parse, so a text with a colon after whitespace is sent on without parsing it twice.
  const colons = colonsAfterQuotes(text);
  if (colons === UNCOUNTED) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A polluted Object.prototype would add its names to every for-in of the walk.
  if (!prototypeIsClean()) return undefined;
  const walk = { maxDepth: limits.maxDepth, declared: nameSet(limits.declaredForbiddenKeys), escaped: text.indexOf("\\u") >= 0 };
  const tally = treeTally(value, walk);
  if (tally === SUSPECT) return undefined;
  return colons === tally ? { ok: true, value } : undefined;
}
