import { _, join, type Code } from "../../codegen/code.js";
import { childPointer } from "../../load/pointer.js";
import type { SchemaObject } from "../../schema/walk.js";
import { LeanUnsupported, type ModuleContext, type Site } from "./context.js";
import { evaluatedCoverage, itemKind } from "./evaluated.js";
import { compileNode } from "./node.js";
import { nonNegativeInteger } from "./scalar.js";
import { restCode } from "./object.js";

function lengthCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const out: Code[] = [];
  const max = nonNegativeInteger(schema, "maxItems", site);
  const min = nonNegativeInteger(schema, "minItems", site);
  if (max !== undefined) out.push(_`if (${site.data}.length > ${max}) ${ctx.fail(site, "maxItems", { limit: max })}`);
  if (min !== undefined && min > 0) out.push(_`if (${site.data}.length < ${min}) ${ctx.fail(site, "minItems", { limit: min })}`);
  if (schema.uniqueItems === true) out.push(_`if (${ctx.helper("hasDuplicateItems")}(${site.data})) ${ctx.fail(site, "uniqueItems")}`);
  return out;
}

function prefixCode(prefix: readonly unknown[], site: Site, ctx: ModuleContext): Code[] {
  return prefix.flatMap((sub, index) => {
    const value = ctx.name("d");
    const body = compileNode(sub, { at: childPointer(childPointer(site.at, "prefixItems"), index), data: value, path: [...site.path, index] }, ctx);
    if (body.length === 0) return [];
    return [_`if (${site.data}.length > ${index}) {
  const ${value} = ${site.data}[${index}];
  ${join(body)}
}`];
  });
}

function itemsCode(items: unknown, from: number, site: Site, ctx: ModuleContext): Code[] {
  if (items === undefined || items === true) return [];
  const index = ctx.name("i");
  const value = ctx.name("d");
  const body = compileNode(items, { at: childPointer(site.at, "items"), data: value, path: [...site.path, index] }, ctx);
  return [_`for (let ${index} = ${from}; ${index} < ${site.data}.length; ${index}++) {
  const ${value} = ${site.data}[${index}];
  ${join(body)}
}`];
}

/** contains with its bounds: the matching items are counted by a branch function. */
function containsCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  if (schema.contains === undefined) return [];
  const min = nonNegativeInteger(schema, "minContains", site) ?? 1;
  const max = nonNegativeInteger(schema, "maxContains", site);
  const matches = ctx.branch(schema.contains, childPointer(site.at, "contains"));
  const found = ctx.name("n");
  const out = [_`let ${found} = 0;
for (const item of ${site.data}) if (${matches}(item)) ${found}++;`];
  if (min > 0) out.push(_`if (${found} < ${min}) ${ctx.fail(site, schema.minContains === undefined ? "contains" : "minContains", { limit: min })}`);
  if (max !== undefined) out.push(_`if (${found} > ${max}) ${ctx.fail(site, "maxContains", { limit: max })}`);
  return out;
}

/** unevaluatedItems: every item no successful subschema at this location evaluated. */
function unevaluatedItemsCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  if (schema.unevaluatedItems === undefined || schema.unevaluatedItems === true) return [];
  const index = ctx.name("i");
  const item = ctx.name("d");
  const coverage = evaluatedCoverage(itemKind(index, item), schema, site, ctx);
  if (coverage.covered === undefined) return [];
  const rest = restCode("unevaluatedItems", schema.unevaluatedItems, coverage.covered, index, site, ctx);
  return [...coverage.prelude, _`for (let ${index} = 0; ${index} < ${site.data}.length; ${index}++) {
  const ${item} = ${site.data}[${index}];
  ${join(rest)}
}`];
}

export function arrayCode(schema: SchemaObject, site: Site, ctx: ModuleContext): Code[] {
  const prefix = schema.prefixItems === undefined ? [] : schema.prefixItems;
  if (!Array.isArray(prefix) || Array.isArray(schema.items)) throw new LeanUnsupported("prefixItems", site.at);
  return [
    ...lengthCode(schema, site, ctx),
    ...prefixCode(prefix, site, ctx),
    ...itemsCode(schema.items, prefix.length, site, ctx),
    ...containsCode(schema, site, ctx),
    ...unevaluatedItemsCode(schema, site, ctx),
  ];
}
