import { isSchemaObject } from "../schema/walk.js";
import { changed, at, type Draft, type MutationContext } from "./draft.js";
import { replaceAt, withMember, withoutMember } from "./json-text.js";
import { pointerOf, type Position } from "./positions.js";
import { isStructural, matches, typeRefuses, valuesOf, type SchemaSet } from "./schema-set.js";

/** Shape near misses, all refused by the schema: an extra member, null, the other container, a required member gone. */

/** A member name no spec declares. */
export const EXTRA_MEMBER = "toolgate_near_miss";

const declares = (node: Readonly<Record<string, unknown>>, name: string): boolean =>
  (isSchemaObject(node.properties) && Object.hasOwn(node.properties, name)) ||
  (isSchemaObject(node.patternProperties) && Object.keys(node.patternProperties).some((p) => matches(p, name)));

/**
 * Whether the set refuses a member `name`: `additionalProperties: false` beside no declaration of
 * it, or `unevaluatedProperties: false` where nothing in place (no union, no open map) evaluates it.
 */
export function refusesMember(set: SchemaSet, name: string): boolean {
  if (set.nodes.some((n) => n.additionalProperties === false && !declares(n, name))) return true;
  const evaluated = set.nodes.some((n) => declares(n, name) || (n.additionalProperties !== undefined && n.additionalProperties !== false));
  return isStructural(set) && !evaluated && set.nodes.some((n) => n.unevaluatedProperties === false);
}

function objectMisses(ctx: MutationContext, p: Position): Draft[] {
  const drafts: Draft[] = [];
  const where = at(p.pointer);
  if (refusesMember(p.set, EXTRA_MEMBER))
    drafts.push(changed(`extra-property:${where}`, `extra property ${EXTRA_MEMBER} at ${where}`, "schema", withMember(ctx.response, p.path, EXTRA_MEMBER, "near miss")));
  if (typeRefuses(p.set, null)) drafts.push(changed(`null:${where}`, `null for the object at ${where}`, "schema", replaceAt(ctx.response, p.path, null)));
  if (typeRefuses(p.set, [])) drafts.push(changed(`array-for-object:${where}`, `an array for the object at ${where}`, "schema", replaceAt(ctx.response, p.path, [])));
  const required = new Set(valuesOf(p.set, "required").flatMap((r) => (Array.isArray(r) ? r : [])));
  for (const name of Object.keys(p.value as object).filter((k) => required.has(k))) {
    const member = pointerOf([...p.path, name]);
    drafts.push(changed(`missing-required:${member}`, `required member ${member} left out`, "schema", withoutMember(ctx.response, p.path, name)));
  }
  return drafts;
}

function arrayMisses(ctx: MutationContext, p: Position): Draft[] {
  const where = at(p.pointer);
  return typeRefuses(p.set, {}) ? [changed(`object-for-array:${where}`, `an object for the array at ${where}`, "schema", replaceAt(ctx.response, p.path, {}))] : [];
}

export function shapeMisses(ctx: MutationContext): Draft[] {
  return ctx.positions.flatMap((p) => (Array.isArray(p.value) ? arrayMisses(ctx, p) : isSchemaObject(p.value) ? objectMisses(ctx, p) : []));
}
