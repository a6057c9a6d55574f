import type { ToolSpecDocument } from "./spec-document.js";

/** Read-only at every depth: the front end reads a spec document, it never edits one. */
type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/**
 * A spec document that has passed the spec-format schema. The type is generated from that same
 * schema (packages/spec/toolspec.schema.json, by scripts/spec-types.mjs), so it cannot drift from it.
 */
export type RawSpec = DeepReadonly<ToolSpecDocument>;

export type RawCustomError = Exclude<NonNullable<RawSpec["errors"]>[number], string>;

export type RawCheck = NonNullable<RawSpec["checks"]>[number];
