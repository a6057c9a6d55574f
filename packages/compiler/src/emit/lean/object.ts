import { RESERVED_PROPERTY_NAMES } from "../../check/schema-rules.js";
import { _, join, member, type Code } from "../../codegen/code.js";
import { childPointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import type { ModuleContext, Site } from "./context.js";
import { evaluatedCoverage, matchTest, propertyKind } from "./evaluated.js";
import { compileNode, declaredTypes } from "./node.js";
import { hasOwn, inherited, notEnumerated, ownAbsent, ownPresent } from "./own.js";
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

/**
 * The required names a closed object's for-in counts: one count test after the loop replaces a
 * presence test per name, the first run's largest code (bench/README.md, round 7). Sound where the
 * loop visits every own enumerable name and each of these is declared, so that counting one skips
 * only the declared-name test; reserved names keep their own-member reads.
 */
function loopCounted(schema: SchemaObject): readonly string[] {
  const required = [...new Set(namesOf(schema.required))];
  const declared = new Set(entriesOf(schema.properties).map(([n]) => n));
  const closed = schema.additionalProperties !== undefined && schema.additionalProperties !== true;
  const countable = closed && required.every((n) => declared.has(n) && !RESERVED_PROPERTY_NAMES.has(n));
  return countable ? required : [];
}

function requiredCode(schema: SchemaObject, counted: readonly string[], site: Site, ctx: ModuleContext): Code[] {
  return namesOf(schema.required).flatMap((name) => {
    if (!counted.includes(name)) return [_`if (${ownAbsent(ctx, site.data, read(site, name, ctx), name)}) ${ctx.fail(site, "required", name)}`];
    // The first run counts it in the for-in; the twin says which name the count missed.
    return ctx.collecting ? [_`if (${notEnumerated(ctx, site.data, name)}) ${ctx.fail(site, "required", name)}`] : [];
  });
}

function presenceCode(schema: SchemaObject, counted: readonly string[], site: Site, ctx: ModuleContext): Code[] {
  const out = requiredCode(schema, counted, site, ctx);
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
function propertiesCode(schema: SchemaObject, inLoop: readonly string[], site: Site, ctx: ModuleContext): Code[] {
  const required = new Set(namesOf(schema.required));
  // A name the loop counted has its value read here once: the loop saw the name, not that its value is there.
  const counted = new Set(inLoop);
  return entriesOf(schema.properties).flatMap(([name, sub]) => {
    if (sub === true && required.has(name) && !counted.has(name)) return [];
    const value = ctx.name("d");
    const body = compileNode(sub, { at: childPointer(childPointer(site.at, "properties"), name), data: value, path: [...site.path, name] }, ctx);
    if (counted.has(name)) {
      // A type check refuses undefined itself.
      const typed = isSchemaObject(sub) && (declaredTypes(sub)?.length ?? 0) > 0;
      const there = typed ? [] : [_`if (${value} === undefined) ${ctx.fail(site, "required", name)}`];
      return [_`const ${value} = ${read(site, name, ctx)};`, ...there, ...body];
    }
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

/** propertyNames and patternProperties on each key `key` the loop visits. */
function nameCode(schema: SchemaObject, key: Code, site: Site, ctx: ModuleContext): Code[] {
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
  return body;
}

/** The loop's statements for the keys neither declared nor matched; `before`/`after` go around the loop. */
interface Rest {
  readonly before: readonly Code[];
  readonly body: readonly Code[];
  readonly after: readonly Code[];
}

/**
 * additionalProperties on an undeclared key. In the first run a counted required name skips that
 * test and is counted instead; after the loop the count must be the number of such names.
 */
function additionalCode(schema: SchemaObject, counted: readonly string[], key: Code, site: Site, ctx: ModuleContext): Rest {
  const names = entriesOf(schema.properties).map(([n]) => n).filter((n) => !counted.includes(n));
  const covered = matchTest(key, names, entriesOf(schema.patternProperties).map(([p]) => p), ctx);
  const rest = covered === undefined && schema.additionalProperties === false
    ? [ctx.failMember(site, "additionalProperties", key)]
    : restCode("additionalProperties", schema.additionalProperties, covered ?? _`false`, key, site, ctx);
  if (counted.length === 0) return { before: [], body: rest, after: [] };
  const seen = ctx.name("r");
  const otherwise = rest.length === 1 ? _`else ${rest[0]!}` : _`else {
  ${join(rest)}
}`;
  const body = _`if (${matchTest(key, counted, [], ctx)!}) ${seen}++;
${otherwise}`;
  return { before: [_`let ${seen} = 0;`], body: [body], after: [_`if (${seen} !== ${counted.length}) ${ctx.fail(site, "required", counted[0]!)}`] };
}

function restOf(schema: SchemaObject, inLoop: readonly string[], key: Code, site: Site, ctx: ModuleContext): Rest {
  if (schema.additionalProperties !== undefined) return additionalCode(schema, inLoop, key, site, ctx);
  if (schema.unevaluatedProperties === undefined || schema.unevaluatedProperties === true) return { before: [], body: [], after: [] };
  const coverage = evaluatedCoverage(propertyKind(key), schema, site, ctx);
  const body = coverage.covered === undefined ? [] : restCode("unevaluatedProperties", schema.unevaluatedProperties, coverage.covered, key, site, ctx);
  return { before: coverage.prelude, body, after: [] };
}

function keysCode(schema: SchemaObject, inLoop: readonly string[], site: Site, ctx: ModuleContext): Code[] {
  const key = ctx.name("k");
  const names = nameCode(schema, key, site, ctx);
  const rest = restOf(schema, inLoop, key, site, ctx);
  const body = [...names, ...rest.body];
  if (body.length === 0) return [];
  // for-in also visits a polluted prototype's enumerable names: such a key fails, never passes as
  // data. Reported at the object, as an undeclared key is: the name is not the upstream's to show.
  const inherited = _`if (!${hasOwn(ctx, site.data, key)}) ${ctx.fail(site, loopKeyword(schema))}`;
  return [...rest.before, _`for (const ${key} in ${site.data}) {
  ${join([...ctx.countMember(), inherited, ...body])}
}`, ...rest.after];
}

export function objectCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  // The first run counts these names in the for-in; its twin tests each (requiredCode).
  const counted = loopCounted(schema);
  const inLoop = ctx.collecting ? [] : counted;
  return [
    ...presenceCode(schema, counted, site, ctx),
    ...keysCode(schema, inLoop, site, ctx),
    ...propertiesCode(schema, inLoop, site, ctx),
    ...dependentSchemasCode(schema, site, ctx),
  ];
}
