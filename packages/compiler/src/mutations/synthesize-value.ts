import { isSchemaObject } from "../schema/walk.js";
import { leafAccepts } from "./leaf.js";
import { patternSamples } from "./regex-sample.js";
import { numbersOf, typeLists, valuesOf, type SchemaScope, type SchemaSet } from "./schema-set.js";

/**
 * A small valid instance of a schema set: required members only, one item per array where the
 * depth allows, the first enum value, the smallest number in bounds, a string from the pattern or
 * format. It reads the keywords of `schema-set.ts`'s lists plus `anyOf` (first branch that works);
 * any other keyword (oneOf, not, if, contains, …) is named in the reason instead of guessed at.
 */

export type Synthesized = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

const fail = (reason: string): Synthesized => ({ ok: false, reason });
const done = (value: unknown): Synthesized => ({ ok: true, value });

const UNSUPPORTED = ["oneOf", "not", "if", "then", "else", "dependentSchemas", "contains", "unevaluatedItems", "propertyNames"];
const TYPE_ORDER = ["object", "array", "string", "integer", "number", "boolean", "null"];

/** A valid sample of each asserted format the runtime knows; date-times are the base's clock. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: "2026-01-01", time: "00:00:00Z", duration: "P1D", email: "someone@example.com", hostname: "example.com",
  "idn-hostname": "example.com", "idn-email": "someone@example.com", ipv4: "192.0.2.1", ipv6: "2001:db8::1",
  uri: "https://example.com/", "uri-reference": "/", iri: "https://example.com/", "iri-reference": "/",
  "uri-template": "/", "json-pointer": "", "relative-json-pointer": "0", regex: "a",
  uuid: "00000000-0000-4000-8000-000000000000",
};

export interface SynthesisContext {
  readonly scope: SchemaScope;
  /** The base's clock, as RFC 3339 text: every date-time is this instant. */
  readonly now: string;
}

/** The JSON types every `type` keyword of the set allows, in the order samples are tried. */
function allowedTypes(set: SchemaSet): string[] {
  const lists = typeLists(set);
  const widen = (list: readonly string[], t: string): boolean => list.includes(t) || (t === "integer" && list.includes("number"));
  return TYPE_ORDER.filter((t) => lists.every((list) => widen(list, t)));
}

function fromValues(set: SchemaSet): Synthesized | undefined {
  const consts = valuesOf(set, "const");
  const enums = valuesOf(set, "enum").filter(Array.isArray);
  const candidates = consts.length > 0 ? consts.slice(0, 1) : enums[0];
  if (candidates === undefined) return undefined;
  const ok = candidates.find((v) => leafAccepts(set, v));
  return ok === undefined ? fail("no enum or const value satisfies the other keywords") : done(ok);
}

function stringCandidates(set: SchemaSet, now: string): string[] {
  const format = valuesOf(set, "format")[0];
  if (format === "date-time") return [now];
  if (typeof format === "string") return Object.hasOwn(FORMAT_SAMPLES, format) ? [FORMAT_SAMPLES[format]!] : [];
  const pattern = valuesOf(set, "pattern")[0];
  if (typeof pattern === "string") return patternSamples(pattern);
  const min = Math.max(0, ...numbersOf(set, "minLength"));
  return ["a".repeat(Math.max(min, 1)), "a".repeat(min)];
}

function numberCandidates(set: SchemaSet, integer: boolean): number[] {
  const lo = Math.max(-Infinity, ...numbersOf(set, "minimum"), ...numbersOf(set, "exclusiveMinimum").map((m) => (integer ? Math.floor(m) + 1 : m + 1)));
  const hi = Math.min(Infinity, ...numbersOf(set, "maximum"));
  const start = Number.isFinite(lo) ? (integer ? Math.ceil(lo) : lo) : Math.min(0, hi);
  const step = numbersOf(set, "multipleOf")[0];
  const multiple = step === undefined ? start : Math.ceil(start / step) * step;
  return [0, start, multiple, (start + Math.min(hi, start + 1)) / 2];
}

function scalar(set: SchemaSet, type: string, ctx: SynthesisContext): Synthesized | undefined {
  const candidates: unknown[] =
    type === "string" ? stringCandidates(set, ctx.now)
    : type === "integer" || type === "number" ? numberCandidates(set, type === "integer")
    : type === "boolean" ? [false, true]
    : [null];
  const found = candidates.find((v) => leafAccepts(set, v));
  return found === undefined ? undefined : done(found);
}

/** Required names, with the members `dependentRequired` adds for them. */
function requiredNames(set: SchemaSet): string[] {
  const names = new Set(valuesOf(set, "required").flatMap((r) => (Array.isArray(r) ? r.filter((n) => typeof n === "string") : [])));
  for (const dependents of valuesOf(set, "dependentRequired").filter(isSchemaObject))
    for (const [key, more] of Object.entries(dependents)) if (names.has(key) && Array.isArray(more)) more.forEach((n) => typeof n === "string" && names.add(n));
  return [...names];
}

function object(set: SchemaSet, ctx: SynthesisContext, depth: number): Synthesized {
  const names = requiredNames(set);
  if (numbersOf(set, "minProperties").some((m) => m > names.length)) return fail("minProperties asks for members beyond the required ones");
  const members: [string, unknown][] = [];
  for (const name of names) {
    const member = synthesizeSet(ctx.scope.member(set, name), ctx, depth - 1);
    if (!member.ok) return fail(`required member ${JSON.stringify(name)}: ${member.reason}`);
    members.push([name, member.value]);
  }
  return done(Object.fromEntries(members));
}

function array(set: SchemaSet, ctx: SynthesisContext, depth: number): Synthesized {
  const min = Math.max(0, ...numbersOf(set, "minItems"));
  const max = Math.min(Infinity, ...numbersOf(set, "maxItems"));
  if (min > 1 && valuesOf(set, "uniqueItems").includes(true)) return fail("uniqueItems with minItems above 1");
  const items: unknown[] = [];
  for (let i = 0; i < Math.max(min, Math.min(max, 1)); i++) {
    const item = synthesizeSet(ctx.scope.item(set, i), ctx, depth - 1);
    if (!item.ok) return i < min ? fail(`item ${i}: ${item.reason}`) : done(items);
    items.push(item.value);
  }
  return done(items);
}

function anyOfBranch(set: SchemaSet, ctx: SynthesisContext, depth: number): Synthesized | undefined {
  const unions = set.nodes.filter((n) => Array.isArray(n.anyOf));
  if (unions.length === 0) return undefined;
  if (unions.length > 1) return fail("more than one anyOf applies");
  // The union's node stands in without its anyOf; the branch's own set joins the rest.
  const { anyOf, ...plain } = unions[0]!;
  const rest = set.nodes.map((n) => (n === unions[0] ? plain : n));
  for (const branch of anyOf as unknown[]) {
    const own = ctx.scope.setOf([branch]);
    const value = synthesizeSet({ nodes: [...rest, ...own.nodes], resolved: own.resolved }, ctx, depth);
    if (value.ok) return value;
  }
  return fail("no anyOf branch could be synthesized");
}

/** A valid instance of the set within `depth` nesting levels, or why there is none this can build. */
export function synthesizeSet(set: SchemaSet, ctx: SynthesisContext, depth: number): Synthesized {
  if (!set.resolved) return fail("a $ref that does not resolve, a false schema or a $dynamicRef applies");
  const keyword = UNSUPPORTED.find((k) => set.nodes.some((n) => Object.hasOwn(n, k)));
  if (keyword !== undefined) return fail(`${keyword} is not synthesized`);
  const union = anyOfBranch(set, ctx, depth);
  if (union !== undefined) return union;
  const chosen = fromValues(set);
  if (chosen !== undefined) return chosen;
  let first: Synthesized | undefined;
  for (const type of allowedTypes(set)) {
    const built = ofType(set, type, ctx, depth);
    if (built?.ok) return built;
    first ??= built;
  }
  return first ?? fail("no value of an allowed type satisfies its keywords");
}

function ofType(set: SchemaSet, type: string, ctx: SynthesisContext, depth: number): Synthesized | undefined {
  if (type !== "object" && type !== "array") return scalar(set, type, ctx);
  if (depth <= 0) return fail("it needs more nesting than limits.max_depth allows");
  return type === "object" ? object(set, ctx, depth) : array(set, ctx, depth);
}
