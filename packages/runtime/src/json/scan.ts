import { addKey, isForbiddenKey, type KeySet } from "./keys.js";
import { checkNumber, MALFORMED, NON_FINITE, UNSAFE_INTEGER } from "./numbers.js";
import { escapedStringEnd, LONE_SURROGATE } from "./strings.js";
import { parseFailure, type ParseFailure } from "./types.js";

/**
 * One pass over the text before JSON.parse: depth, duplicate and forbidden member names, lone
 * surrogate escapes and unsafe numbers. It hops from quote to quote with native indexOf and only
 * walks characters outside strings. The grammar is left to JSON.parse, which runs next and rejects
 * anything malformed, so this pass only has to be right on text JSON.parse accepts; the one exception
 * is a lossless integer, whose token it checks itself because quoting would hide it. Written as one
 * loop over locals because it is the hot path (see bench/).
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

export type ScanResult = ParseFailure | readonly LosslessSpan[];

const NONE: readonly LosslessSpan[] = Object.freeze([]);

/** Per-depth state, reused across objects at the same depth so the scan allocates little. */
interface Levels {
  readonly isObject: boolean[];
  readonly keys: (KeySet | undefined)[];
  readonly lastKey: (string | undefined)[];
}

export function scan(text: string, options: ScanOptions): ScanResult {
  const n = text.length;
  const levels: Levels = { isObject: [], keys: [], lastKey: [] };
  let lossless: LosslessSpan[] | undefined;
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
        const failure = recordKey(text, i, end, escaped, levels, depth - 1, options.declared);
        if (failure) return failure;
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
      levels.lastKey[depth] = undefined;
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
        const key = inObject ? levels.lastKey[depth - 1] : undefined;
        if (key === undefined || !options.lossless?.has(key)) return parseFailure("unsafe_integer", i);
        (lossless ??= []).push({ start: i, end: end.at });
      }
      i = end.at;
    } else {
      i++;
    }
  }
  return lossless ?? NONE;
}

function indexOrEnd(text: string, needle: string, from: number): number {
  const at = text.indexOf(needle, from);
  return at < 0 ? text.length : at;
}

function recordKey(text: string, open: number, end: number, escaped: boolean, levels: Levels, level: number, declared: ReadonlySet<string> | undefined): ParseFailure | undefined {
  let key: string;
  try {
    // Escaped names are decoded so "a" and "\u0061" (or a surrogate pair and its literal) compare equal.
    key = escaped ? (JSON.parse(text.slice(open, end + 1)) as string) : text.slice(open + 1, end);
  } catch {
    return parseFailure("syntax", open);
  }
  if (isForbiddenKey(key) && declared?.has(key) !== true) return parseFailure("forbidden_key", open);
  const keys = levels.keys[level];
  if (keys === undefined) levels.keys[level] = [key];
  else if (!addKey(keys, key)) return parseFailure("duplicate_key", open);
  else if (Array.isArray(keys) && keys.length > 16) levels.keys[level] = new Set(keys);
  levels.lastKey[level] = key;
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
