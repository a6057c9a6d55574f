import { RESERVED_PROPERTY_NAMES } from "../../check/schema-rules.js";
import { _, join, member, type Code } from "../../codegen/code.js";
import { childPointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import type { ModuleContext, Site } from "./context.js";
import { evaluatedCoverage, matchTest, propertyKind } from "./evaluated.js";
import { compileNode } from "./node.js";
import { hasOwn, inherited, ownAbsent, ownPresent } from "./own.js";
import { nonNegativeInteger } from "./scalar.js";

/**
 * A declared name as a property read. `d.toString` or `d.__proto__` would read Object.prototype's
 * member when the object has no own one: for those names only the own member is read.
 */
function read(site: Site, name: string, ctx: ModuleContext): Code {
  if (!RESERVED_PROPERTY_NAMES.has(name)) return member(site.data, name);
  return _`(${hasOwn(ctx, site.data, _`${name}`)} ? ${member(site.data, name)} : undefined)`;
}

const namesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const entriesOf = (value: unknown): [string, unknown][] => (isSchemaObject(value) ? Object.entries(value) : []);

/** Whether the object has `name` as its own member (present and not inherited). */
const present = (site: Site, name: string, ctx: ModuleContext): Code => ownPresent(ctx, site.data, read(site, name, ctx), name);

function presenceCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const out = namesOf(schema.required).map((name) => _`if (${ownAbsent(ctx, site.data, read(site, name, ctx), name)}) ${ctx.fail(site, "required", name)}`);
  for (const keyword of ["minProperties", "maxProperties"] as const) {
    const bound = nonNegativeInteger(schema, keyword, site);
    if (bound === undefined) continue;
    const count = _`Object.keys(${site.data}).length`;
    out.push(_`if (${keyword === "minProperties" ? _`${count} < ${bound}` : _`${count} > ${bound}`}) ${ctx.fail(site, keyword, { limit: bound })}`);
  }
  for (const [name, needs] of entriesOf(schema.dependentRequired)) {
    // One check per dependent, so the failure names the missing property as `required` does.
    for (const needed of namesOf(needs)) {
      const test = _`${present(site, name, ctx)} && (${ownAbsent(ctx, site.data, read(site, needed, ctx), needed)})`;
      out.push(_`if (${test}) ${ctx.fail(site, "dependentRequired", needed)}`);
    }
  }
  return out;
}

/**
 * Each declared member that is there is checked against its schema. An inherited one fails: later
 * reads of declared members (selector, checks) can then trust `d.x`. A required member's presence
 * test already saw it is own.
 */
function propertiesCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const required = new Set(namesOf(schema.required));
  return entriesOf(schema.properties).flatMap(([name, sub]) => {
    if (sub === true && required.has(name)) return [];
    const value = ctx.name("d");
    const body = compileNode(sub, { at: childPointer(childPointer(site.at, "properties"), name), data: value, path: [...site.path, name] }, ctx);
    if (!required.has(name)) body.unshift(_`if (${inherited(ctx, site.data, name)}) ${ctx.fail({ ...site, path: [...site.path, name] }, "properties")}`);
    return [_`const ${value} = ${read(site, name, ctx)};
if (${value} !== undefined) {
  ${join(body)}
}`];
  });
}

function dependentSchemasCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  return entriesOf(schema.dependentSchemas).map(([name, sub]) => {
    const body = compileNode(sub, { ...site, at: childPointer(childPointer(site.at, "dependentSchemas"), name) }, ctx);
    return _`if (${present(site, name, ctx)}) {
  ${join(body)}
}`;
  });
}


/**
 * additionalProperties, unevaluatedProperties or unevaluatedItems on the members not covered
 * (`key` is the loop variable, a name or an index): refused, or checked against a schema.
 */
export function restCode(keyword: string, rest: unknown, covered: Code, key: Code, site: Site, ctx: ModuleContext): Code[] {
  if (rest === undefined || rest === true) return [];
  // A refused member is named (the operator sees it escaped and cut); an item by its index alone.
  if (rest === false) return [_`if (!(${covered})) ${keyword === "unevaluatedItems" ? ctx.fail(site, keyword) : ctx.failMember(site, keyword, key)}`];
  const value = ctx.name("d");
  const body = compileNode(rest, { at: childPointer(site.at, keyword), data: value, path: [...site.path, key] }, ctx);
  return [_`if (!(${covered})) {
  const ${value} = ${site.data}[${key}];
  ${join(body)}
}`];
}

/** The keyword that makes the object's keys be visited, to name an inherited key's failure. */
const loopKeyword = (schema: SchemaObject): string =>
  ["additionalProperties", "unevaluatedProperties", "patternProperties"].find((k) => schema[k] !== undefined && schema[k] !== true) ?? "propertyNames";

function keysCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const key = ctx.name("k");
  const body: Code[] = [];
  // A name failing propertyNames is reported at the object: the name itself is data.
  if (schema.propertyNames !== undefined) body.push(...compileNode(schema.propertyNames, { at: childPointer(site.at, "propertyNames"), data: key, path: site.path }, ctx));
  const patterns = entriesOf(schema.patternProperties);
  const nameBound = isSchemaObject(schema.propertyNames) ? schema.propertyNames.maxLength : undefined;
  for (const [pattern] of patterns) {
    // A name too long for a pattern's guard is refused at the object, as a failing name is.
    const guard = ctx.guardFailure(pattern, key, nameBound, site, "patternProperties");
    if (guard !== undefined) body.push(guard);
  }
  for (const [pattern, sub] of patterns) {
    const regex = ctx.regex(pattern);
    const value = ctx.name("d");
    const inner = compileNode(sub, { at: childPointer(childPointer(site.at, "patternProperties"), pattern), data: value, path: [...site.path, key] }, ctx);
    if (inner.length > 0) body.push(_`if (${regex}.test(${key})) {
  const ${value} = ${site.data}[${key}];
  ${join(inner)}
}`);
  }
  const names = entriesOf(schema.properties).map(([n]) => n);
  const prelude: Code[] = [];
  if (schema.additionalProperties !== undefined) {
    body.push(...restCode("additionalProperties", schema.additionalProperties, matchTest(key, names, patterns.map(([p]) => p), ctx) ?? _`false`, key, site, ctx));
  } else if (schema.unevaluatedProperties !== undefined && schema.unevaluatedProperties !== true) {
    const coverage = evaluatedCoverage(propertyKind(key), schema, site, ctx);
    prelude.push(...coverage.prelude);
    if (coverage.covered !== undefined) body.push(...restCode("unevaluatedProperties", schema.unevaluatedProperties, coverage.covered, key, site, ctx));
  }
  if (body.length === 0) return [];
  // for-in also visits a polluted prototype's enumerable names: such a key fails, never passes as
  // data. Reported at the object, as an undeclared key is: the name is not the upstream's to show.
  const inherited = _`if (!${hasOwn(ctx, site.data, key)}) ${ctx.fail(site, loopKeyword(schema))}`;
  return [...prelude, _`for (const ${key} in ${site.data}) {
  ${join([...ctx.countMember(), inherited, ...body])}
}`];
}

export function objectCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  return [
    ...presenceCode(schema, site, ctx),
    ...keysCode(schema, site, ctx),
    ...propertiesCode(schema, site, ctx),
    ...dependentSchemasCode(schema, site, ctx),
  ];
}
