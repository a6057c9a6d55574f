import { rawLoneSurrogate } from "./decode.js";
import { colonsAfterQuotes, openingRunWithin, UNCOUNTED } from "./hops.js";
import { prototypeIsClean } from "./members.js";
import { nameSet } from "./names.js";
import { SUSPECT, treeTally, type Walk } from "./tree.js";
import type { MemberProof, ParseLimits, ParseOutcome } from "./types.js";

// A character above U+00FF: on a one-byte string V8's regex fails at once, on a two-byte one it stops at the first.
const WIDE = /[^\u0000-\u00ff]/;

/** Texts at least this long are refused before JSON.parse when their opening brackets nest too deep. */
export const GUARDED_FROM = 2_048;

/**
 * The fast path: native calls and one walk of the parsed tree instead of a scan of the characters.
 * Returns an accepted outcome only when it proves the text has none of the problems the exact path
 * (exact.ts) refuses, and undefined for every other text, which then takes the exact path:
 * - lossless integer names set: the exact path (it quotes their tokens before JSON.parse);
 * - lone surrogates: decoded bytes hold none (fatal UTF-8, decode.ts); a string input holds a raw
 *   one only if it is a two-byte string (`fromString` and a character above U+00FF), an escaped
 *   one only with a `\u` in the text; in either case every string of the tree is checked (raw ones
 *   outside strings fail JSON.parse), and with both the whole text too, since an escape can make a
 *   pair with a raw half. Without escapes, the tree's strings hold exactly the text's characters;
 *   checking them skips the names' and numbers' gaps a whole-text `isWellFormed` reads;
 * - depth, forbidden names, non-finite and unsafe numbers: on the tree (tree.ts);
 * - duplicate names: every member has one colon right after its name's quote (a colon after
 *   whitespace sends the text on), and a quote right before a colon is otherwise the opening quote
 *   of a string that starts with a colon or an escaped quote. So the text has at least as many
 *   colons after quotes as members, plus, without `\u` (which can spell a colon), the strings that
 *   start with one; exactly as many without `\":`. JSON.parse keeps one member per distinct name;
 *   a repeated one loses at least its member, and strings only ever with it, so equal counts prove
 *   there is none (where strings are read for lone surrogates, a text whose strings start with a
 *   raw colon is merely sent on). The first walk counts members alone, which reads no string: as
 *   many colons as members is the same proof (and that no string starts with a colon); only a text
 *   with more colons is walked again with its strings' shares;
 * - with a `proof` (a response validator that counts, types.ts) and a text without `\u` or raw wide
 *   characters, its count stands in for the walk: it visits every value of the data it accepts,
 *   counts each member at most once, spoils the count on a number beyond the safe range, declares
 *   no forbidden name, and accepts nothing nested deeper than `proof.depth`. Equal to the colons,
 *   it proves all the walk would, and the value is `validated`; any other count walks the tree.
 * The bracket guard (hops.ts) runs only from GUARDED_FROM characters on: a shorter deep text costs
 * less to parse first than the guard's hops cost every call.
 */
export function parseFast(text: string, limits: ParseLimits, fromString: boolean, proof?: MemberProof): ParseOutcome | undefined {
  if (limits.losslessIntegerKeys !== undefined && limits.losslessIntegerKeys.length > 0) return undefined;
  if (text.length >= GUARDED_FROM && !openingRunWithin(text, limits.maxDepth)) return undefined;
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
  const escaped = text.indexOf("\\u") >= 0;
  const wide = fromString && WIDE.test(text);
  // An escape can pair with a raw half in JSON.parse's string ("\\ud83d" + a raw U+DC00): only the text shows that half alone.
  if (wide && escaped && rawLoneSurrogate(text) !== undefined) return undefined;
  const suspect = escaped || wide;
  if (!suspect && proof !== undefined && proof.depth <= limits.maxDepth && proof.count(value) === colons) return { ok: true, value, validated: true };
  const walk: Walk = { maxDepth: limits.maxDepth, declared: nameSet(limits.declaredForbiddenKeys), strings: suspect ? "wellFormed" : "ignored" };
  const members = treeTally(value, walk);
  if (members === SUSPECT) return undefined;
  if (members === colons) return { ok: true, value };
  // More colons than members: strings that start with one (an IPv6 "::1"), or a repeated name.
  if (suspect) return undefined;
  return treeTally(value, { ...walk, strings: "colonLed" }) === colons ? { ok: true, value } : undefined;
}
