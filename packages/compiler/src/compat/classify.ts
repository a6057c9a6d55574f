import { change, type Change } from "./changes.js";
import type { ContractCheck, ToolContract } from "./contract.js";
import { acceptChanges, INPUT_CODES, OUTPUT_CODES, rootAt, viewChanges } from "./schema-diff.js";
import { renderedDefinitionChanges } from "./definition-diff.js";
import { shapeOf } from "./shape.js";
import type { SchemaNode } from "../ir/types.js";

/**
 * The breaking-change classifier: two contracts of one tool in, every change out, each with its
 * code, side and breaking-or-compatible (compat/changes.ts). Pure; the gate (check.ts) decides
 * what a breaking change without a version bump costs.
 */
export function classifyTool(before: ToolContract, after: ToolContract): Change[] {
  // Most tools are unchanged since the last gen: one comparison instead of every shape walk.
  if (same(before, after)) return [];
  const shape = (schema: SchemaNode) => shapeOf(schema, (schema.$defs as Record<string, unknown> | undefined) ?? {});
  return [
    ...definitionChanges(before, after),
    ...acceptChanges(shape(before.input), shape(after.input), rootAt("/input", "input"), INPUT_CODES),
    ...acceptChanges(shape(before.output), shape(after.output), rootAt("/output", "output"), OUTPUT_CODES),
    ...viewChanges(shape(before.agent_view), shape(after.agent_view), rootAt("/agent_view", "agent_view")),
    ...errorChanges(before.errors, after.errors),
    ...limitChanges(before.limits, after.limits),
    ...checkChanges(before.checks, after.checks),
    ...retryChanges(before.retry, after.retry),
    ...upstreamChanges(before.upstream, after.upstream),
    ...renderedDefinitionChanges(before, after),
  ];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function definitionChanges(before: ToolContract, after: ToolContract): Change[] {
  const out: Change[] = [];
  if (!same(before.definition, after.definition)) out.push(change("TG605", "/description", "the title or description agents read changed"));
  if (before.upstream.open_world !== after.upstream.open_world) out.push(change("TG605", "/upstream", `open-world hint ${before.upstream.open_world} → ${after.upstream.open_world}`));
  return out;
}

function errorChanges(before: ToolContract["errors"], after: ToolContract["errors"]): Change[] {
  const next = new Map(after.map((e) => [e.code, e]));
  const out: Change[] = [];
  for (const e of before) {
    const now = next.get(e.code);
    if (!now) out.push(change("TG630", "/errors", `${e.code} is no longer returned (callers handling it see another code)`));
    else if (now.action !== e.action || now.retryable !== e.retryable) out.push(change("TG631", "/errors", `${e.code}: action ${e.action} → ${now.action}, retryable ${e.retryable} → ${now.retryable}`));
  }
  const known = new Set(before.map((e) => e.code));
  for (const e of after) if (!known.has(e.code)) out.push(change("TG632", "/errors", `${e.code} (action ${e.action})`));
  return out;
}

function limitChanges(before: ToolContract["limits"], after: ToolContract["limits"]): Change[] {
  const out: Change[] = [];
  for (const key of ["max_bytes", "max_depth"] as const) {
    if (after[key] < before[key]) out.push(change("TG650", `/limits/${key}`, `${key} ${before[key]} → ${after[key]}`));
    if (after[key] > before[key]) out.push(change("TG653", `/limits/${key}`, `${key} ${before[key]} → ${after[key]}`));
  }
  // Which integers arrive as exact strings changes the type agents read.
  if (!same(before.lossless_integer_keys, after.lossless_integer_keys)) out.push(change("TG615", "/limits", "the integers kept lossless (as strings) changed"));
  return out;
}

function checkChanges(before: readonly ContractCheck[], after: readonly ContractCheck[]): Change[] {
  const next = new Map(after.map((c) => [c.id, c]));
  const out: Change[] = [];
  for (const check of before) {
    const now = next.get(check.id);
    if (!now) out.push(change("TG653", "/checks", `check ${check.id} was removed`));
    else if (check.kind === "fresh" && now.kind === "fresh") out.push(...windowChanges(check, now));
    else if (!same(check, now)) out.push(change("TG652", "/checks", `check ${check.id} changed`));
  }
  const known = new Set(before.map((c) => c.id));
  for (const check of after) if (!known.has(check.id)) out.push(change("TG652", "/checks", `check ${check.id} was added (responses the old contract accepted may fail it)`));
  return out;
}

type FreshCheck = Extract<ContractCheck, { kind: "fresh" }>;

function windowChanges(before: FreshCheck, after: FreshCheck): Change[] {
  const out: Change[] = [];
  if (before.field !== after.field) return [change("TG652", "/checks", `check ${before.id} now reads ${after.field}`)];
  for (const key of ["max_age_ms", "max_future_ms"] as const) {
    const text = `check ${before.id}: ${key} ${before[key]} → ${after[key]}`;
    if (after[key] < before[key]) out.push(change("TG651", "/checks", text));
    if (after[key] > before[key]) out.push(change("TG653", "/checks", text));
  }
  return out;
}

function retryChanges(before: ToolContract["retry"], after: ToolContract["retry"]): Change[] {
  const out: Change[] = [];
  if (before.class !== after.class) out.push(change("TG633", "/retry", `retry class ${before.class} → ${after.class} (what a caller may repeat)`));
  const { class: _a, ...restBefore } = before;
  const { class: _b, ...restAfter } = after;
  if (!same(restBefore, restAfter)) out.push(change("TG634", "/retry", "attempts, budget or retried codes changed"));
  return out;
}

function upstreamChanges(before: ToolContract["upstream"], after: ToolContract["upstream"]): Change[] {
  const { open_world: _a, ...callBefore } = before;
  const { open_world: _b, ...callAfter } = after;
  if (same(callBefore, callAfter)) return [];
  const keys = (Object.keys(callBefore) as (keyof typeof callBefore)[]).filter((k) => callBefore[k] !== callAfter[k]);
  return [change("TG654", "/upstream", keys.map((k) => `${k} ${JSON.stringify(callBefore[k])} → ${JSON.stringify(callAfter[k])}`).join(", "))];
}
