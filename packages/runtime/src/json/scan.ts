import { addKey, isForbiddenKey, type KeySet } from "./keys.js";
import { checkNumber, MALFORMED, NON_FINITE, UNSAFE_INTEGER } from "./numbers.js";
import { escapedStringEnd, LONE_SURROGATE } from "./strings.js";
import { parseFailure, type ParseFailure } from "./types.js";

/**
 * One pass over the text before JSON.parse: depth, forbidden member names, lone surrogate escapes
 * and unsafe numbers, and either the exact duplicate-name check or only a count of the members (see
 * parse.ts: the count proves most texts free of duplicates for less). It hops from quote to quote
 * with native indexOf and only walks characters outside strings. The grammar is left to JSON.parse,
 * which runs next and rejects anything malformed, so this pass only has to be right on text
 * JSON.parse accepts; the one exception is a lossless integer, whose token it checks itself because
 * quoting would hide it. Written as one loop over locals because it is the hot path (see bench/).
 */

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** A number token's text range, to be quoted when its member name asks for lossless integers. */
export interface LosslessSpan {
  readonly start: number;
  readonly end: number;
}

export interface ScanOptions {
  readonly maxDepth: number;
  readonly lossless: ReadonlySet<string> | undefined;
  /** Forbidden names the tool's schemas declare: kept as own data members (JSON.parse never sets a prototype). */
  readonly declared?: ReadonlySet<string> | undefined;
}

export interface Scanned {
  readonly lossless: readonly LosslessSpan[];
  /** Members (name–value pairs) in the text, over all objects. */
  readonly members: number;
}

export type ScanResult = ParseFailure | Scanned;

const NONE: readonly LosslessSpan[] = Object.freeze([]);

/** Per-depth state, reused across objects at the same depth so the scan allocates little. */
interface Levels {
  readonly isObject: boolean[];
  /** The names seen so far in the open object at each depth; only kept by the exact check. */
  readonly keys: (KeySet | undefined)[];
}

/** The most recent member name: an unsafe integer right after it is read losslessly when the name asks. */
interface LastName {
  open: number;
  end: number;
  escaped: boolean;
}

/** `exact` compares every name with its object's earlier names; otherwise names are only counted. */
export function scan(text: string, options: ScanOptions, exact: boolean): ScanResult {
  const n = text.length;
  const levels: Levels = { isObject: [], keys: [] };
  const last: LastName = { open: -1, end: -1, escaped: false };
  let lossless: LosslessSpan[] | undefined;
  let members = 0;
  let depth = 0;
  // Inside an object a string right after `{` or `,` is a member name; tracking that is cheaper than
  // looking ahead for the colon. On text JSON.parse rejects it may be wrong, and that text still
  // reaches JSON.parse unchanged (a number in a name's place is refused below), so it fails anyway.
  let inObject = false;
  let expectName = false;
  let nextQuote = -1;
  let nextBackslash = -1;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      // Both caches only move forward, so all indexOf calls together read the text once.
      if (nextQuote < start) nextQuote = indexOrEnd(text, '"', start);
      if (nextBackslash < start) nextBackslash = indexOrEnd(text, "\\", start);
      const escaped = nextBackslash < nextQuote;
      const end = escaped ? escapedStringEnd(text, start) : nextQuote;
      if (end === LONE_SURROGATE) return parseFailure("lone_surrogate", i);
      if (end < 0 || end >= n) return parseFailure("syntax", i);
      if (expectName) {
        expectName = false;
        members++;
        const failure = exact ? recordKey(text, i, end, escaped, levels, depth - 1, options.declared) : checkName(text, i, end, escaped, options.declared);
        if (failure) return failure;
        last.open = i;
        last.end = end;
        last.escaped = escaped;
        // The colon would take one more trip around the loop to reach the final `else`.
        if (text.charCodeAt(end + 1) === COLON) {
          i = end + 2;
          continue;
        }
      }
      i = end + 1;
    } else if (c === COMMA) {
      expectName = inObject;
      i++;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth >= options.maxDepth) return parseFailure("too_deep", i);
      inObject = expectName = c === OPEN_OBJECT;
      levels.isObject[depth] = inObject;
      levels.keys[depth] = undefined;
      depth++;
      i++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
      inObject = depth > 0 && levels.isObject[depth - 1] === true;
      expectName = false;
      i++;
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      // A number where a member name belongs is invalid JSON; it must fail here, because quoting a
      // lossless integer could otherwise turn it into a name JSON.parse accepts.
      if (expectName) return parseFailure("syntax", i);
      const end = numberEnd(text, i);
      const verdict = checkNumber(text, i, end.at, end.fraction, end.exponent);
      if (verdict === NON_FINITE) return parseFailure("non_finite_number", i);
      if (verdict === MALFORMED) return parseFailure("syntax", i);
      if (verdict === UNSAFE_INTEGER) {
        // Inside an object a number is the value of the name just before it.
        const key = inObject && options.lossless ? nameAt(text, last.open, last.end, last.escaped) : undefined;
        if (key === undefined || !options.lossless?.has(key)) return parseFailure("unsafe_integer", i);
        (lossless ??= []).push({ start: i, end: end.at });
      }
      i = end.at;
    } else {
      // Outside strings and numbers valid text only has literals, punctuation and whitespace: a
      // literal is skipped whole (on other text JSON.parse, which runs next, fails anyway).
      i += c === 0x74 || c === 0x6e ? 4 : c === 0x66 ? 5 : 1;
    }
  }
  return { lossless: lossless ?? NONE, members };
}

function indexOrEnd(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  return at < 0 ? text.length : at;
}

/** The decoded name between the quotes at `open` and `end`, or undefined when its escapes are malformed. */
function nameAt(text: string, open: number, end: number, escaped: boolean): string | undefined {
  if (!escaped) return text.slice(open + 1, end);
  try {
    // Escaped names are decoded so "a" and "\u0061" (or a surrogate pair and its literal) compare equal.
    return JSON.parse(text.slice(open, end + 1)) as string;
  } catch {
    return undefined;
  }
}

const forbidden = (key: string, declared: ReadonlySet<string> | undefined): boolean => isForbiddenKey(key) && declared?.has(key) !== true;

/** The counting check of a name: only a name as long as a forbidden one, or with escapes, is decoded. */
function checkName(text: string, open: number, end: number, escaped: boolean, declared: ReadonlySet<string> | undefined): ParseFailure | undefined {
  const length = end - open - 1;
  if (!escaped && length !== 9 && length !== 11) return undefined;
  const key = nameAt(text, open, end, escaped);
  if (key === undefined) return parseFailure("syntax", open);
  return forbidden(key, declared) ? parseFailure("forbidden_key", open) : undefined;
}

function recordKey(text: string, open: number, end: number, escaped: boolean, levels: Levels, level: number, declared: ReadonlySet<string> | undefined): ParseFailure | undefined {
  const key = nameAt(text, open, end, escaped);
  if (key === undefined) return parseFailure("syntax", open);
  if (forbidden(key, declared)) return parseFailure("forbidden_key", open);
  const keys = levels.keys[level];
  if (keys === undefined) levels.keys[level] = [key];
  else if (!addKey(keys, key)) return parseFailure("duplicate_key", open);
  else if (Array.isArray(keys) && keys.length > 16) levels.keys[level] = new Set(keys);
  return undefined;
}

interface NumberEnd {
  at: number;
  fraction: boolean;
  exponent: boolean;
}

const numberScratch: NumberEnd = { at: 0, fraction: false, exponent: false };

/** Where the number token starting at `start` ends; reuses one result object (single-threaded). */
function numberEnd(text: string, start: number): NumberEnd {
  let j = start + 1;
  let fraction = false;
  let exponent = false;
  for (let c = text.charCodeAt(j); ; c = text.charCodeAt(++j)) {
    if (c >= 0x30 && c <= 0x39) continue;
    if (c === 0x2e) fraction = true;
    else if (c === 0x65 || c === 0x45) exponent = true;
    else if (c !== 0x2b && c !== MINUS) break;
  }
  numberScratch.at = j;
  numberScratch.fraction = fraction;
  numberScratch.exponent = exponent;
  return numberScratch;
}
