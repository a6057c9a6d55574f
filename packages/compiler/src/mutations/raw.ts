import { isSchemaObject } from "../schema/walk.js";
import { at, type Draft, type MutationContext } from "./draft.js";
import { byteLength, depthOf, serialize, valueAt } from "./json-text.js";
import { pointerOf, type Path } from "./positions.js";

/**
 * Near misses only raw text can express, refused before the schema runs: a repeated member (also
 * spelled with an escape) at every object, refused by the strict parser; one byte over the byte
 * limit (trailing whitespace) and one level over the depth limit (the response inside arrays),
 * refused by the limits.
 */

function objectPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...path, i]));
  if (!isSchemaObject(value)) return [];
  return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
}

function duplicates(ctx: MutationContext): Draft[] {
  return objectPaths(ctx.response).flatMap((path) => {
    const node = valueAt(ctx.response, path)?.value;
    const first = isSchemaObject(node) ? Object.keys(node)[0] : undefined;
    if (first === undefined) return [];
    const where = at(pointerOf(path));
    const drafts: Draft[] = [{ id: `duplicate-member:${where}`, description: `member ${JSON.stringify(first)} twice at ${where}`, layer: "syntax", raw: serialize(ctx.response, { path, escaped: false }) }];
    if (first !== "")
      drafts.push({ id: `duplicate-escaped-member:${where}`, description: `member ${JSON.stringify(first)} again, escape-spelled, at ${where}`, layer: "syntax", raw: serialize(ctx.response, { path, escaped: true }) });
    return drafts;
  });
}

function limits(ctx: MutationContext): Draft[] {
  const { maxBytes, maxDepth } = ctx.tool.limits;
  const padding = maxBytes + 1 - byteLength(ctx.base.raw);
  const drafts: Draft[] = [];
  if (padding > 0) drafts.push({ id: "byte-limit-plus-one", description: `${maxBytes + 1} bytes (max_bytes ${maxBytes}): the response padded with spaces`, layer: "transport", raw: ctx.base.raw + " ".repeat(padding) });
  const levels = maxDepth + 1 - depthOf(ctx.response);
  if (levels > 0) {
    const raw = "[".repeat(levels) + serialize(ctx.response) + "]".repeat(levels);
    drafts.push({ id: "depth-limit-plus-one", description: `nesting depth ${maxDepth + 1} (max_depth ${maxDepth}): the response inside ${levels} arrays`, layer: "transport", raw });
  }
  return drafts;
}

export const rawMisses = (ctx: MutationContext): Draft[] => [...duplicates(ctx), ...limits(ctx)];
