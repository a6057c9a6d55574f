import { RESERVED_PROPERTY_NAMES } from "../../check/schema-rules.js";
import { _, join, member, type Code, type Name } from "../../codegen/code.js";
import { childPointer, resolvePointer } from "../../load/pointer.js";
import { isSchemaObject, type SchemaObject } from "../../schema/walk.js";
import { LeanUnsupported, pathArguments, type ModuleContext, type Site } from "./context.js";
import { compileNode, declaredTypes } from "./node.js";
import { refPointer } from "./refs.js";

const membersAt = (schema: SchemaObject, keyword: string, site: Site): unknown[] => {
  const value = schema[keyword];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0) throw new LeanUnsupported(keyword, site.at);
  return value;
};

/** A reference is a call: the referenced schema is one function, shared by every use (and recursion). */
export function refCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const pointer = refPointer(schema);
  if (pointer === undefined) return [];
  const target = ctx.functionFor(pointer);
  if (!ctx.collecting) return [_`if (!${target}(${site.data})) return false;`];
  // In the collecting run the callee's twin records under the path from here to its data, and this goes on.
  const collector = site.path.length === 0 ? _`c` : _`c.at(${join(pathArguments(site.path), ", ")})`;
  return [_`${target}(${site.data}, ${collector});`];
}

function allOfCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  return membersAt(schema, "allOf", site).flatMap((sub, i) => compileNode(sub, { ...site, at: childPointer(childPointer(site.at, "allOf"), i) }, ctx));
}

const branchesOf = (schema: SchemaObject, keyword: string, site: Site, ctx: ModuleContext): Name[] =>
  membersAt(schema, keyword, site).map((sub, i) => ctx.branch(sub, childPointer(childPointer(site.at, keyword), i)));

/**
 * Tag value → branch index, when `discriminator` makes oneOf a switch with exactly oneOf's outcome
 * (an object whose required tag names one branch; the member-count proof relies on that branch
 * being the only one run, lean/countable.ts).
 */
export function tagTable(schema: SchemaObject, branches: readonly unknown[], document: unknown): Map<string, number> | undefined {
  if (declaredTypes(schema)?.join() !== "object") return undefined;
  const property = isSchemaObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
  const required = Array.isArray(schema.required) && schema.required.includes(property);
  if (typeof property !== "string" || !required || RESERVED_PROPERTY_NAMES.has(property)) return undefined;
  const table = new Map<string, number>();
  for (const [index, branch] of branches.entries()) {
    const pointer = refPointer(branch);
    const resolved = pointer === undefined ? branch : resolvePointer(document, pointer)?.value;
    const properties = isSchemaObject(resolved) && isSchemaObject(resolved.properties) ? resolved.properties : {};
    const tag = properties[property];
    const values = isSchemaObject(tag) ? ("const" in tag ? [tag.const] : Array.isArray(tag.enum) ? tag.enum : []) : [];
    if (values.length === 0 || values.some((v) => typeof v !== "string" || table.has(v))) return undefined;
    for (const value of values as string[]) table.set(value, index);
  }
  return table;
}

function oneOfCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const branches = membersAt(schema, "oneOf", site);
  if (branches.length === 0) return [];
  const table = tagTable(schema, branches, ctx.document);
  if (table === undefined) {
    const branches = branchesOf(schema, "oneOf", site, ctx);
    const passed = ctx.name("n");
    return [_`const ${passed} = ${join(branches.map((b) => _`(${b}(${site.data}) ? 1 : 0)`), " + ")};
if (${passed} === 0) ${ctx.failBranches(site, "oneOf", branches)}
if (${passed} > 1) ${ctx.fail(site, "oneOf")}`];
  }
  const property = (schema.discriminator as { propertyName: string }).propertyName;
  const tag = ctx.name("tag");
  const cases = branches.map((branch, index) => {
    const values = [...table].filter(([, i]) => i === index).map(([value]) => _`${tag} === ${value}`);
    const body = compileNode(branch, { ...site, at: childPointer(childPointer(site.at, "oneOf"), index) }, ctx);
    return _`if (${join(values, " || ")}) {
  ${join(body)}
}`;
  });
  return [_`const ${tag} = ${member(site.data, property)};
${join(cases, " else ")} else ${ctx.fail(site, "discriminator")}`];
}

function conditionalCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  if (schema.if === undefined || (schema.then === undefined && schema.else === undefined)) return [];
  const condition = ctx.branch(schema.if, childPointer(site.at, "if"));
  const part = (keyword: "then" | "else"): Code => join(schema[keyword] === undefined ? [] : compileNode(schema[keyword], { ...site, at: childPointer(site.at, keyword) }, ctx));
  return [_`if (${condition}(${site.data})) {
  ${part("then")}
} else {
  ${part("else")}
}`];
}

export function applicatorCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const out = allOfCode(schema, site, ctx);
  const anyOf = branchesOf(schema, "anyOf", site, ctx);
  if (anyOf.length > 0) out.push(_`if (!(${join(anyOf.map((b) => _`${b}(${site.data})`), " || ")})) ${ctx.failBranches(site, "anyOf", anyOf)}`);
  out.push(...oneOfCode(schema, site, ctx));
  if (schema.not !== undefined) out.push(_`if (${ctx.branch(schema.not, childPointer(site.at, "not"))}(${site.data})) ${ctx.fail(site, "not")}`);
  out.push(...conditionalCode(schema, site, ctx));
  return out;
}
