import { isSchemaObject, mapSubschemas, type SchemaObject } from "../../../schema/walk.js";
import type { DialectSchema } from "./portable.js";
import { defsOf, problem, refTarget, type Problem } from "./problem.js";

/**
 * Where OpenAI strict mode will send `null` for an omitted optional property, as data for the
 * runtime's `omitNullOptionals`. The mapping must be exact to be lossless, so a property that
 * already accepts null, or one the runtime could not find without knowing which `anyOf` branch
 * matched, is a problem that keeps the tool out of strict mode.
 */
export interface OptionalFieldsData {
  readonly optional?: readonly string[];
  readonly properties?: Readonly<Record<string, OptionalFieldsData>>;
  readonly items?: OptionalFieldsData;
}

type Defs = Readonly<Record<string, unknown>>;

export function optionalFields(dialect: DialectSchema): { fields: OptionalFieldsData; problems: Problem[] } {
  const ctx: Ctx = { dialect, defs: defsOf(dialect), problems: [] };
  const fields = shapeOf(dialect.schema, ctx, new Set()) ?? {};
  return { fields, problems: ctx.problems };
}

interface Ctx {
  readonly dialect: DialectSchema;
  readonly defs: Defs;
  readonly problems: Problem[];
}

function shapeOf(node: unknown, ctx: Ctx, active: ReadonlySet<string>): OptionalFieldsData | undefined {
  if (!isSchemaObject(node)) return undefined;
  const ref = refTarget(node, ctx.defs);
  if (ref) {
    if (!active.has(ref.name)) return shapeOf(ref.schema, ctx, new Set([...active, ref.name]));
    if (hasOptional(ref.schema, ctx.defs, new Set())) ctx.problems.push(problem(ctx.dialect.origin(node), `recursive definition ${ref.name} has optional properties`));
    return undefined;
  }
  const shape: { optional?: string[]; properties?: Record<string, OptionalFieldsData>; items?: OptionalFieldsData } = {};
  const optional = optionalKeys(node);
  const properties = isSchemaObject(node.properties) ? node.properties : {};
  for (const key of optional) {
    if (!acceptsNull(properties[key], ctx.defs, new Set())) continue;
    ctx.problems.push(problem(`${ctx.dialect.origin(node)}/properties/${key}`, `optional property ${key} also accepts null, so null cannot stand for "absent"`));
  }
  if (optional.length > 0) shape.optional = optional;
  const nested = Object.entries(properties).flatMap(([key, child]) => {
    const inner = shapeOf(child, ctx, active);
    return inner ? [[key, inner] as const] : [];
  });
  if (nested.length > 0) shape.properties = Object.fromEntries(nested);
  const items = isSchemaObject(node.items) ? shapeOf(node.items, ctx, active) : undefined;
  if (items) shape.items = items;
  reportUnreachable(node, ctx);
  return Object.keys(shape).length === 0 ? undefined : shape;
}

// Followed by shapeOf; `$defs` are reached through the `$ref`s that use them.
const TRACKED = new Set(["properties", "items", "$defs"]);

/** Optional properties below anything but `properties`/`items` cannot be located in the arguments. */
function reportUnreachable(node: SchemaObject, ctx: Ctx): void {
  mapSubschemas(node, "", (child, at) => {
    const keyword = at.split("/")[1] ?? "";
    if (!TRACKED.has(keyword) && hasOptional(child, ctx.defs, new Set())) {
      ctx.problems.push(problem(`${ctx.dialect.origin(node)}/${keyword}`, `optional properties under ${keyword} cannot be restored after strict mode`));
    }
    return child;
  });
}

function optionalKeys(node: SchemaObject): string[] {
  if (!isSchemaObject(node.properties)) return [];
  const required = Array.isArray(node.required) ? node.required : [];
  return Object.keys(node.properties).filter((key) => !required.includes(key));
}

function hasOptional(node: unknown, defs: Defs, seen: Set<string>): boolean {
  if (!isSchemaObject(node)) return false;
  const ref = refTarget(node, defs);
  if (ref && !seen.has(ref.name) && hasOptional(ref.schema, defs, seen.add(ref.name))) return true;
  if (optionalKeys(node).length > 0) return true;
  let found = false;
  mapSubschemas(node, "", (child) => ((found ||= hasOptional(child, defs, seen)), child));
  return found;
}

/** Whether null may be valid; true whenever that cannot be ruled out, so the answer is safe. */
function acceptsNull(schema: unknown, defs: Defs, seen: ReadonlySet<string>): boolean {
  if (typeof schema === "boolean") return schema;
  if (!isSchemaObject(schema)) return true;
  const ref = refTarget(schema, defs);
  const checks: boolean[] = [];
  if (ref) checks.push(seen.has(ref.name) || acceptsNull(ref.schema, defs, new Set([...seen, ref.name])));
  if ("const" in schema) checks.push(schema.const === null);
  if (Array.isArray(schema.enum)) checks.push(schema.enum.includes(null));
  if (typeof schema.type === "string") checks.push(schema.type === "null");
  if (Array.isArray(schema.type)) checks.push(schema.type.includes("null"));
  if (Array.isArray(schema.anyOf)) checks.push(schema.anyOf.some((m) => acceptsNull(m, defs, seen)));
  if (Array.isArray(schema.oneOf)) checks.push(schema.oneOf.some((m) => acceptsNull(m, defs, seen)));
  if (Array.isArray(schema.allOf)) checks.push(schema.allOf.every((m) => acceptsNull(m, defs, seen)));
  return checks.every(Boolean);
}
