import { _, join, type Code, type Literal } from "../../codegen/code.js";
import { literal } from "../../codegen/literal.js";
import type { SchemaObject } from "../../schema/walk.js";
import { LeanUnsupported, type ModuleContext, type Site } from "./context.js";

const TYPE_TESTS: Readonly<Record<string, (d: Code) => Code>> = {
  string: (d) => _`typeof ${d} === "string"`,
  // JSON has no NaN or Infinity, but a caller's own objects may.
  number: (d) => _`(typeof ${d} === "number" && Number.isFinite(${d}))`,
  integer: (d) => _`Number.isInteger(${d})`,
  boolean: (d) => _`typeof ${d} === "boolean"`,
  null: (d) => _`${d} === null`,
  object: (d) => _`(typeof ${d} === "object" && ${d} !== null && !Array.isArray(${d}))`,
  array: (d) => _`Array.isArray(${d})`,
};

/**
 * The type check. In the collecting run a failed type must skip the checks it guards: `exit` leaves
 * the function, or else the `guarded` checks go in the check's else branch (see compileNode).
 */
export function typeCode(types: readonly string[] | undefined, site: Site, ctx: ModuleContext, exit?: Code, guarded?: readonly Code[]): Code[] {
  if (types === undefined) return [];
  const tests = types.map((t) => {
    const test = TYPE_TESTS[t];
    if (test === undefined) throw new LeanUnsupported("type", site.at);
    return test(site.data);
  });
  const check = _`if (!(${join(tests, " || ")})) ${ctx.fail(site, "type", { type: types.join(",") }, exit)}`;
  return guarded === undefined ? [check] : [_`${check}
else {
  ${join(guarded)}
}`];
}

/** `d === v` for a scalar, deep equality against a pooled constant for a structure. */
function equalsCode(value: unknown, site: Site, ctx: ModuleContext): Code {
  if (value === null || typeof value !== "object") return _`${site.data} === ${value as Literal}`;
  // literal(), not JSON: a `__proto__` key must stay an own key instead of setting the prototype.
  const constant = ctx.pooled("c", JSON.stringify(value), (name) => _`const ${name} = ${literal(value)};`);
  return _`${ctx.helper("deepEqual")}(${site.data}, ${constant})`;
}

// Up to this many values an enum is a chain of comparisons; a longer one is a Set lookup (scalars)
// or a scan of a pooled array (structures): a chain of thousands of `||` overflows the parser's stack.
const ENUM_CHAIN_LIMIT = 16;

const isScalar = (value: unknown): value is Literal => value === null || typeof value !== "object";

/** The test that `d` is one of `values`; a Set's SameValueZero agrees with `===` on JSON scalars. */
function enumTest(values: readonly unknown[], site: Site, ctx: ModuleContext): Code {
  if (values.length <= ENUM_CHAIN_LIMIT) return join(values.map((v) => equalsCode(v, site, ctx)), " || ");
  const scalars = values.filter(isScalar);
  const structures = values.filter((v) => !isScalar(v));
  const tests: Code[] = [];
  if (scalars.length > 0) {
    const set = ctx.pooled("e", JSON.stringify(scalars), (name) => _`const ${name} = new Set<unknown>(${literal(scalars)});`);
    tests.push(_`${set}.has(${site.data})`);
  }
  if (structures.length > 0) {
    const list = ctx.pooled("c", JSON.stringify(structures), (name) => _`const ${name}: readonly unknown[] = ${literal(structures)};`);
    tests.push(_`${list}.some((v) => ${ctx.helper("deepEqual")}(${site.data}, v))`);
  }
  return join(tests, " || ");
}

export function valueCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const out: Code[] = [];
  if ("const" in schema) out.push(_`if (!(${equalsCode(schema.const, site, ctx)})) ${ctx.fail(site, "const")}`);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    out.push(_`if (!(${enumTest(schema.enum, site, ctx)})) ${ctx.fail(site, "enum")}`);
  } else if ("enum" in schema) throw new LeanUnsupported("enum", site.at);
  return out;
}

function numeric(schema: SchemaObject, keyword: string, site: Site): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new LeanUnsupported(keyword, site.at);
  return value;
}

/** A count keyword's value (maxLength, minItems, …); a schema with anything else is declined. */
export function nonNegativeInteger(schema: SchemaObject, keyword: string, site: Site): number | undefined {
  const value = numeric(schema, keyword, site);
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new LeanUnsupported(keyword, site.at);
  return value;
}

export function stringCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const d = site.data;
  const out: Code[] = [];
  const max = nonNegativeInteger(schema, "maxLength", site);
  const min = nonNegativeInteger(schema, "minLength", site);
  // Lengths count code points; UTF-16 length bounds them (n/2 ≤ points ≤ n), so most strings skip the count.
  if (max !== undefined) out.push(_`if (${ctx.longerThan(d, max)}) ${ctx.fail(site, "maxLength", { limit: max })}`);
  if (min !== undefined && min > 0) {
    out.push(_`if (${d}.length < ${min * 2} && (${d}.length < ${min} || ${ctx.helper("ucs2length")}(${d}) < ${min})) ${ctx.fail(site, "minLength", { limit: min })}`);
  }
  if (schema.pattern !== undefined) {
    if (typeof schema.pattern !== "string") throw new LeanUnsupported("pattern", site.at);
    const source = schema.pattern;
    const regex = ctx.regex(source);
    const check = _`if (!${regex}.test(${d})) ${ctx.fail(site, "pattern")}`;
    const guard = ctx.guardFailure(source, d, schema.maxLength, site, "pattern");
    out.push(guard === undefined ? check : _`${guard} else ${check}`);
  }
  if (schema.format !== undefined) {
    if (typeof schema.format !== "string") throw new LeanUnsupported("format", site.at);
    const format = schema.format;
    const check = ctx.pooled("format", format, (name) => _`const ${name} = ${ctx.helper("formats")}[${format}]!;`);
    out.push(_`if (!${check}(${d})) ${ctx.fail(site, "format")}`);
  }
  return out;
}

/** Each bound keyword and the comparison that fails it. */
const COMPARISONS: readonly [keyword: string, fails: (d: Code, bound: number) => Code][] = [
  ["maximum", (d, bound) => _`${d} > ${bound}`],
  ["minimum", (d, bound) => _`${d} < ${bound}`],
  ["exclusiveMaximum", (d, bound) => _`${d} >= ${bound}`],
  ["exclusiveMinimum", (d, bound) => _`${d} <= ${bound}`],
];

export function numberCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const out: Code[] = [];
  for (const [keyword, fails] of COMPARISONS) {
    const bound = numeric(schema, keyword, site);
    if (bound !== undefined) out.push(_`if (${fails(site.data, bound)}) ${ctx.fail(site, keyword, { limit: bound })}`);
  }
  const divisor = numeric(schema, "multipleOf", site);
  if (divisor !== undefined) {
    if (divisor <= 0) throw new LeanUnsupported("multipleOf", site.at);
    // On the decimal values, not the binary quotient: 1.13 is a multiple of 0.01.
    out.push(_`if (!${ctx.helper("isMultipleOf")}(${site.data}, ${divisor})) ${ctx.fail(site, "multipleOf")}`);
  }
  return out;
}
