import type { Shape } from "./shape.js";

/**
 * Breaking changes between two versions of a contract. The input is what agents send (old calls must
 * stay valid); the agent view is what agents and typed consumers read (old readers must keep working).
 */

const subset = (a: readonly string[], b: readonly string[]): boolean => a.every((x) => b.includes(x));
const label = (path: string): string => path || "(root)";

/** Changes that would reject an argument the old input contract accepted. */
export function inputBreaks(before: Shape, after: Shape, path = ""): string[] {
  const out: string[] = [];
  if (!subset(before.types, after.types)) out.push(`input ${label(path)} no longer accepts ${before.types.filter((t) => !after.types.includes(t)).join(", ")}`);
  if (before.enum && (!after.enum || !subset(before.enum, after.enum))) out.push(`input ${label(path)} dropped allowed values`);
  for (const key of after.required ?? []) if (!(before.required ?? []).includes(key)) out.push(`input ${join(path, key)} became required`);
  for (const [key, shape] of Object.entries(before.properties ?? {})) {
    const next = after.properties?.[key];
    if (!next) out.push(`input ${join(path, key)} was removed`);
    else out.push(...inputBreaks(shape, next, join(path, key)));
  }
  if (before.open && !after.open) out.push(`input ${label(path)} was closed`);
  if (before.items && after.items) out.push(...inputBreaks(before.items, after.items, `${path}[]`));
  return out;
}

/** Changes that would surprise a reader of the old agent view. */
export function viewBreaks(before: Shape, after: Shape, path = ""): string[] {
  const out: string[] = [];
  if (!subset(after.types, before.types)) out.push(`agent view ${label(path)} may now be ${after.types.filter((t) => !before.types.includes(t)).join(", ")}`);
  if (before.enum && (!after.enum || !subset(after.enum, before.enum))) out.push(`agent view ${label(path)} gained values`);
  for (const key of before.required ?? []) if (!(after.required ?? []).includes(key)) out.push(`agent view ${join(path, key)} is no longer always present`);
  for (const [key, shape] of Object.entries(before.properties ?? {})) {
    const next = after.properties?.[key];
    if (!next) out.push(`agent view ${join(path, key)} was removed`);
    else out.push(...viewBreaks(shape, next, join(path, key)));
  }
  // Even an optional field added to a closed view is a contract change; a reader that
  // validates the old view (an MCP client's readResult) rejects every result carrying it.
  if (!before.open) {
    for (const key of Object.keys(after.properties ?? {})) if (!before.properties?.[key]) out.push(`agent view ${join(path, key)} was added (readers of the closed view reject it)`);
  }
  if (before.items && after.items) out.push(...viewBreaks(before.items, after.items, `${path}[]`));
  return out;
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);
