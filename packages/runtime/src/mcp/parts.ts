import { OPAQUE_ID_PATTERN } from "../ids.js";
import { REQUEST_ID_META_KEY } from "./call-tool-result.js";

export type Fields = { readonly [key: string]: unknown };

export const isRecord = (value: unknown): value is Fields => value !== null && typeof value === "object" && !Array.isArray(value);

/** A member of the record itself: a polluted prototype never supplies a field of a result. */
export const own = (record: Fields | undefined, key: string): unknown => (record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined);

export function opaqueId(value: unknown): string | undefined {
  return typeof value === "string" && OPAQUE_ID_PATTERN.test(value) ? value : undefined;
}

/** The request id the server put in `_meta`, if it has the adapter's form. */
export function metaRequestId(result: Fields): string | undefined {
  const meta = own(result, "_meta");
  return isRecord(meta) ? opaqueId(own(meta, REQUEST_ID_META_KEY)) : undefined;
}

/**
 * The text of the result's only content block: undefined when `content` is empty, null when it is
 * anything but at most one text block. A toolgate server sends exactly one; another block (an
 * image, a second text) would reach an agent whose client shows `content`, outside the contract.
 */
export function onlyText(result: Fields): string | undefined | null {
  const blocks = own(result, "content");
  if (!Array.isArray(blocks) || blocks.length > 1) return null;
  if (blocks.length === 0) return undefined;
  const block: unknown = blocks[0];
  if (!isRecord(block) || own(block, "type") !== "text") return null;
  const text = own(block, "text");
  return typeof text === "string" ? text : null;
}
