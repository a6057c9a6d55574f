import { changed, at, type Draft, type MutationContext } from "./draft.js";
import { replaceAt } from "./json-text.js";
import type { Position } from "./positions.js";
import { numbersOf, typeLists, type SchemaSet } from "./schema-set.js";

/**
 * Numbers one step outside each bound: ±1 for integers, the adjacent double otherwise, and the bound
 * itself for exclusive bounds. The tightest bound of each kind in the set is the one stepped over.
 */

const bits = new Float64Array(1);
const word = new BigInt64Array(bits.buffer);

/** The adjacent double towards +∞ (`up`) or −∞. */
export function adjacent(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  bits[0] = x;
  word[0]! += (x > 0) === up ? 1n : -1n;
  return bits[0]!;
}

const integerOnly = (set: SchemaSet): boolean => typeLists(set).some((list) => list.includes("integer") && !list.includes("number"));

interface Bound {
  readonly keyword: string;
  readonly limit: number;
  readonly outside: number;
}

function bounds(set: SchemaSet): Bound[] {
  const int = integerOnly(set);
  const tightest = (keyword: string, pick: (...xs: number[]) => number): number | undefined => {
    const xs = numbersOf(set, keyword);
    return xs.length === 0 ? undefined : pick(...xs);
  };
  const found: [string, number | undefined, (m: number) => number][] = [
    ["minimum", tightest("minimum", Math.max), (m) => (int ? Math.ceil(m) - 1 : adjacent(m, false))],
    ["maximum", tightest("maximum", Math.min), (m) => (int ? Math.floor(m) + 1 : adjacent(m, true))],
    ["exclusiveMinimum", tightest("exclusiveMinimum", Math.max), (m) => (int ? Math.floor(m) : m)],
    ["exclusiveMaximum", tightest("exclusiveMaximum", Math.min), (m) => (int ? Math.ceil(m) : m)],
  ];
  return found.flatMap(([keyword, limit, step]) => (limit === undefined ? [] : [{ keyword, limit, outside: step(limit) }]));
}

const ID: Readonly<Record<string, string>> = {
  minimum: "below-minimum",
  maximum: "above-maximum",
  exclusiveMinimum: "at-exclusive-minimum",
  exclusiveMaximum: "at-exclusive-maximum",
};

function numberMisses(ctx: MutationContext, p: Position): Draft[] {
  const where = at(p.pointer);
  return bounds(p.set)
    .filter((b) => Number.isFinite(b.outside) && (!Number.isInteger(b.outside) || Number.isSafeInteger(b.outside)))
    .map((b) => changed(`${ID[b.keyword]}:${where}`, `${b.outside} at ${where} (${b.keyword} ${b.limit})`, "schema", replaceAt(ctx.response, p.path, b.outside)));
}

export function numberMissesOf(ctx: MutationContext): Draft[] {
  return ctx.positions.flatMap((p) => (typeof p.value === "number" ? numberMisses(ctx, p) : []));
}
