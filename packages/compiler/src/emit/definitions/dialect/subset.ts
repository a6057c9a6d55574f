import { referencedDefs } from "../../../schema/refs.js";
import { transformSchema, type SchemaObject } from "../../../schema/walk.js";
import type { DialectSchema } from "./portable.js";
import { defsOf, forEachNode, isObjectNode, problem, type Problem } from "./problem.js";

/**
 * The JSON Schema subset of a vendor's strict (constrained-decoding) mode, and what toolgate does
 * with the rest: bounds the decoder cannot express are taken out of the strict schema and restated
 * in the description (the generated input validator still enforces them on every call, as the
 * vendors' own SDKs do); structure it cannot express keeps the tool out of strict mode.
 */
export interface StrictSubset {
  /** Kept in the strict schema. */
  readonly keywords: ReadonlySet<string>;
  /** Removed from the strict schema and restated in the node's description. */
  readonly restated: ReadonlySet<string>;
  readonly formats: ReadonlySet<string>;
  /** A kept keyword whose value the vendor rejects is restated instead (e.g. minItems above 1). */
  readonly accepts?: (keyword: string, value: unknown) => boolean;
}

export interface StrictForm {
  /** The strict schema, or the portable one unchanged when `problems` is not empty. */
  readonly schema: SchemaObject;
  /** Why the tool cannot be strict (TG503). */
  readonly problems: readonly Problem[];
}

// Annotations no strict decoder needs; dropped without a trace.
const ANNOTATIONS = new Set(["examples", "$comment", "deprecated", "readOnly", "writeOnly"]);
// Grammar-based decoders take a regex subset: no lookaround and no backreferences.
const UNSUPPORTED_REGEX = /\(\?<?[=!]|\\[1-9]|\\k</;

export function strictForm(dialect: DialectSchema, subset: StrictSubset): StrictForm {
  const problems: Problem[] = [];
  forEachNode(dialect, (node, origin, isRoot) => {
    for (const keyword of Object.keys(node)) {
      if (isRoot && keyword === "$defs") continue;
      if (!subset.keywords.has(keyword) && !subset.restated.has(keyword) && !ANNOTATIONS.has(keyword)) {
        problems.push(problem(`${origin}/${keyword}`, `keyword ${keyword} is not supported`));
      }
    }
    if (isObjectNode(node) && node.additionalProperties !== false) {
      problems.push(problem(`${origin}/additionalProperties`, "every object must be closed with additionalProperties: false"));
    }
  });
  if (problems.length > 0) return { schema: dialect.schema, problems };
  return { schema: transformSchema(dialect.schema, "", (node, at) => restate(node, at === "", subset)) as SchemaObject, problems };
}

function restate(node: SchemaObject, isRoot: boolean, subset: StrictSubset): SchemaObject {
  const kept: Record<string, unknown> = {};
  const notes: string[] = [];
  const bounds: string[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if ((isRoot && keyword === "$defs") || keeps(subset, keyword, value)) kept[keyword] = value;
    else if (keyword === "default") notes.push(`Default: ${text}.`);
    else if (!ANNOTATIONS.has(keyword)) bounds.push(`${keyword} ${text}`);
  }
  if (bounds.length > 0) notes.push(`Constraints: ${bounds.join("; ")}.`);
  if (notes.length === 0) return kept;
  return { ...kept, description: [node.description, ...notes].filter((t) => typeof t === "string").join(" ") };
}

function keeps(subset: StrictSubset, keyword: string, value: unknown): boolean {
  if (!subset.keywords.has(keyword)) return false;
  if (keyword === "format") return typeof value === "string" && subset.formats.has(value);
  if (keyword === "pattern") return typeof value === "string" && !UNSUPPORTED_REGEX.test(value);
  return subset.accepts?.(keyword, value) ?? true;
}

/** Definitions that reach themselves through `$ref`s (recursive schemas). */
export function recursiveDefs(dialect: DialectSchema): string[] {
  const defs = defsOf(dialect);
  return Object.keys(defs).filter((name) => referencedDefs(defs[name], defs).includes(name));
}
