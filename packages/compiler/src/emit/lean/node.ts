import { _, join, raw, type Code } from "../../codegen/code.js";
import { KNOWN_KEYWORDS } from "../../schema/keywords.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import { applicatorCode, refCode } from "./applicators.js";
import { arrayCode } from "./array.js";
import { LeanUnsupported, leaveFunction, type ModuleContext, type Site } from "./context.js";
import { objectCode } from "./object.js";
import { numberCode, stringCode, typeCode, valueCode } from "./scalar.js";

type Group = "string" | "number" | "object" | "array";

const GROUP_TESTS: Record<Group, (d: Code) => Code> = {
  string: (d) => _`typeof ${d} === "string"`,
  number: (d) => _`typeof ${d} === "number"`,
  object: (d) => _`typeof ${d} === "object" && ${d} !== null && !Array.isArray(${d})`,
  array: (d) => _`Array.isArray(${d})`,
};

export function declaredTypes(schema: SchemaObject): readonly string[] | undefined {
  if (typeof schema.type === "string") return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === "string") : undefined;
}

/** Whether the type check already guarantees the group's type, so its keywords need no guard. */
function implied(types: readonly string[] | undefined, group: Group): boolean {
  if (types === undefined || types.length === 0) return false;
  if (group === "number") return types.every((t) => t === "number" || t === "integer");
  return types.length === 1 && types[0] === group;
}

function guarded(types: readonly string[] | undefined, group: Group, site: Site, body: readonly Code[]): Code[] {
  if (body.length === 0 || implied(types, group)) return [...body];
  return [_`if (${GROUP_TESTS[group](site.data)}) {
  ${join(body)}
}`];
}

/** A number the schema admits spoils a member count beyond the safe range (lean/countable.ts). */
const countedNumber = (types: readonly string[] | undefined, site: Site, ctx: ModuleContext): Code[] =>
  types?.some((t) => t === "number" || t === "integer") === true ? ctx.countNumber(site.data) : [];

/**
 * The statements checking `site.data` against `schema`; in the first run every failure returns
 * false from the function. In the collecting run a failed type check skips the checks it guards:
 * `exit` leaves the function (a function body's whole instance), otherwise they are its else branch.
 */
export function compileNode(schema: unknown, site: Site, ctx: ModuleContext, exit?: Code): Code[] {
  if (schema === true) return [];
  if (schema === false) return [ctx.fail(site, "false")];
  if (!isSchemaObject(schema)) throw new LeanUnsupported("schema", site.at);
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(keyword)) throw new LeanUnsupported(keyword, site.at);
  }
  const types = declaredTypes(schema);
  const checks = [
    ...valueCode(schema, site, ctx),
    ...guarded(types, "string", site, stringCode(schema, site, ctx)),
    ...guarded(types, "number", site, [...countedNumber(types, site, ctx), ...numberCode(schema, site, ctx)]),
    ...guarded(types, "array", site, arrayCode(schema, site, ctx)),
    ...guarded(types, "object", site, objectCode(schema, site, ctx)),
    ...refCode(schema, site, ctx),
    ...applicatorCode(schema, site, ctx),
  ];
  // Nothing after the type check to guard, or the first run, whose failures all return: no exit.
  if (types === undefined || checks.length === 0 || !ctx.collecting) return [...typeCode(types, site, ctx), ...checks];
  return exit !== undefined ? [...typeCode(types, site, ctx, exit), ...checks] : typeCode(types, site, ctx, undefined, checks);
}

/** The body of a function whose data is the subschema's whole instance. */
export function compileFunctionBody(schema: unknown, at: string, ctx: ModuleContext): Code[] {
  return compileNode(schema, { at, data: raw("d"), path: [] }, ctx, leaveFunction());
}