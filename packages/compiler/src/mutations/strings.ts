import { deepEqual } from "@toolgate/runtime";
import { changed, at, type Draft, type MutationContext } from "./draft.js";
import { replaceAt } from "./json-text.js";
import { formatCheck } from "./leaf.js";
import type { Position } from "./positions.js";
import { matches, numbersOf, valuesOf, type SchemaSet } from "./schema-set.js";

/** String near misses: empty where refused, one code point past each length bound, one character off the pattern. */

/** True when some keyword of the set refuses `text` outright (length, pattern, format, enum, const). */
export function refusesString(set: SchemaSet, text: string): boolean {
  const length = [...text].length;
  return (
    numbersOf(set, "minLength").some((m) => length < m) ||
    valuesOf(set, "pattern").some((p) => typeof p === "string" && !matches(p, text)) ||
    valuesOf(set, "format").some((f) => formatCheck(f)?.(text) === false) ||
    valuesOf(set, "enum").some((e) => Array.isArray(e) && !e.includes(text)) ||
    valuesOf(set, "const").some((c) => !deepEqual(c, text))
  );
}

/** `text` cut or extended (repeating its last code point) to `length` code points. */
function toLength(text: string, length: number): string {
  const points = [...text];
  if (points.length >= length) return points.slice(0, length).join("");
  return text + (points[points.length - 1] ?? "a").repeat(length - points.length);
}

const SHIFTS = (c: string): string[] => [c.toUpperCase(), c.toLowerCase(), /\d/u.test(c) ? "a" : "0", "-", "_", " ", "!"].filter((s) => s !== c);

/** The first one-character change of `text` that `pattern` refuses: a letter's case, a digit for a letter, a symbol. */
export function patternNearMiss(text: string, pattern: string): string | undefined {
  const points = [...text];
  for (let i = 0; i < points.length; i++) {
    for (const shift of SHIFTS(points[i]!)) {
      const candidate = [...points.slice(0, i), shift, ...points.slice(i + 1)].join("");
      if (!matches(pattern, candidate)) return candidate;
    }
  }
  return undefined;
}

function lengthMisses(ctx: MutationContext, p: Position, text: string, where: string): Draft[] {
  const drafts: Draft[] = [];
  const max = Math.min(...numbersOf(p.set, "maxLength"));
  if (Number.isFinite(max)) drafts.push(changed(`max-length-plus-one:${where}`, `${max + 1} characters at ${where} (maxLength ${max})`, "schema", replaceAt(ctx.response, p.path, toLength(text, max + 1))));
  const min = Math.max(...numbersOf(p.set, "minLength"));
  if (min >= 1) drafts.push(changed(`min-length-minus-one:${where}`, `${min - 1} characters at ${where} (minLength ${min})`, "schema", replaceAt(ctx.response, p.path, toLength(text, min - 1))));
  return drafts;
}

function stringMisses(ctx: MutationContext, p: Position, text: string): Draft[] {
  const where = at(p.pointer);
  const drafts = text !== "" && refusesString(p.set, "") ? [changed(`empty-string:${where}`, `an empty string at ${where}`, "schema", replaceAt(ctx.response, p.path, ""))] : [];
  drafts.push(...lengthMisses(ctx, p, text, where));
  valuesOf(p.set, "pattern").forEach((pattern, i) => {
    const miss = typeof pattern === "string" ? patternNearMiss(text, pattern) : undefined;
    const id = `pattern-near-miss:${where}${i === 0 ? "" : `#${i}`}`;
    if (miss !== undefined) drafts.push(changed(id, `one character off the pattern at ${where}`, "schema", replaceAt(ctx.response, p.path, miss)));
  });
  return drafts;
}

export function stringMissesOf(ctx: MutationContext): Draft[] {
  return ctx.positions.flatMap((p) => (typeof p.value === "string" ? stringMisses(ctx, p, p.value) : []));
}
