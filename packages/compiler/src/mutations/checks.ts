import { parseDateTime } from "@toolgate/runtime";
import type { CheckIR, FieldPath } from "../ir/types.js";
import { changed, type Draft, type MutationContext } from "./draft.js";
import { replaceAt, valueAt } from "./json-text.js";
import { leafAccepts } from "./leaf.js";
import { leafAlong, pointerOf } from "./positions.js";
import type { SchemaSet } from "./schema-set.js";

/**
 * Check near misses: responses the schema accepts and a check refuses. A bound field with another
 * valid value (binding layer); a fresh field one second outside each edge of its window (semantic
 * layer). Each replacement must satisfy the field's own schema and sit where no ancestor keyword
 * could notice the change (`steady`); otherwise the mutation is not generated.
 */

type Bind = Extract<CheckIR, { kind: "bind" }>;
type Fresh = Extract<CheckIR, { kind: "fresh" }>;

const nextChar = (c: string): string => (c === "z" ? "y" : c === "Z" ? "Y" : c === "9" ? "8" : /[a-yA-Y0-8]/u.test(c) ? String.fromCharCode(c.charCodeAt(0) + 1) : "a");

/** Other values near `value`, nearest first: another enum member, one character changed, ±1, the other boolean. */
function neighbours(set: SchemaSet, value: unknown): unknown[] {
  const enums = set.nodes.flatMap((n) => (Array.isArray(n.enum) ? n.enum : []));
  if (typeof value === "boolean") return [!value];
  if (typeof value === "number") return [value + 1, value - 1, value + 0.5, value - 0.5];
  if (typeof value !== "string") return enums;
  const points = [...value];
  const edits = points.map((c, i) => [...points.slice(0, i), nextChar(c), ...points.slice(i + 1)].join("")).reverse();
  return [...enums, ...edits, `${value}a`, points.slice(0, -1).join("")];
}

/** A response where the value at `path` is replaced by another one its schema accepts, if any. */
function replaced(ctx: MutationContext, field: FieldPath, replacement: (set: SchemaSet, current: unknown) => unknown[]): { response: unknown; value: unknown } | undefined {
  const path = [...ctx.dataPath, ...field];
  const current = valueAt(ctx.response, path);
  const leaf = leafAlong(ctx.scope, ctx.output, field);
  if (current === undefined || !leaf.steady) return undefined;
  const value = replacement(leaf.set, current.value).find((v) => v !== current.value && leafAccepts(leaf.set, v));
  return value === undefined ? undefined : { response: replaceAt(ctx.response, path, value), value };
}

function bindMiss(ctx: MutationContext, check: Bind): Draft[] {
  const found = replaced(ctx, check.output, neighbours);
  const where = pointerOf([...ctx.dataPath, ...check.output]);
  return found === undefined ? [] : [changed(`bind-changed:${check.id}`, `${where} no longer equals input ${check.input.join(".")} (${check.id})`, "binding", found.response)];
}

const sameField = (a: FieldPath, b: FieldPath): boolean => a.length === b.length && a.every((t, i) => t === b[i]);

/** RFC 3339 text of `ms`, or undefined beyond the years Date can print. */
function isoOf(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function freshMisses(ctx: MutationContext, check: Fresh): Draft[] {
  const now = parseDateTime(ctx.base.now);
  // A bound fresh field would fail binding first: that layer is not this mutation's.
  if (Number.isNaN(now) || ctx.tool.checks.some((c) => c.kind === "bind" && sameField(c.output, check.field))) return [];
  const where = pointerOf([...ctx.dataPath, ...check.field]);
  const edges: [string, number, string][] = [
    ["fresh-too-old", now - check.maxAgeMs - 1000, `older than ${check.maxAgeMs / 1000}s`],
    ["fresh-too-new", now + check.maxFutureMs + 1000, `more than ${check.maxFutureMs / 1000}s ahead`],
  ];
  return edges.flatMap(([family, ms, how]) => {
    const text = isoOf(ms);
    const found = text === undefined ? undefined : replaced(ctx, check.field, () => [text]);
    return found === undefined ? [] : [changed(`${family}:${check.id}`, `${where} one second ${how} (${check.id})`, "semantic", found.response)];
  });
}

export function checkMisses(ctx: MutationContext): Draft[] {
  return ctx.tool.checks.flatMap((check) => (check.kind === "bind" ? bindMiss(ctx, check) : check.kind === "fresh" ? freshMisses(ctx, check) : []));
}
