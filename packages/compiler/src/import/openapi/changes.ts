import { isDeepStrictEqual } from "node:util";
import { isRecord } from "./source.js";
import type { OwnedChange } from "./yaml-out.js";
import { shown } from "./yaml-out.js";

/** Added, removed and changed names between two maps, as `+ a, − b, ~ c` (`~ c (+ x)` with a `detail` of each change). */
export function memberChanges(before: unknown, after: unknown, detail?: (before: unknown, after: unknown) => string): string[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  return [
    ...Object.keys(a).filter((k) => !Object.hasOwn(b, k)).map((k) => `+ ${shown(k)}`),
    ...Object.keys(b).filter((k) => !Object.hasOwn(a, k)).map((k) => `− ${shown(k)}`),
    ...Object.keys(a).filter((k) => Object.hasOwn(b, k) && !isDeepStrictEqual(a[k], b[k])).map((k) => `~ ${shown(k)}${detail?.(b[k], a[k]) ? ` (${detail(b[k], a[k])})` : ""}`),
  ];
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** What changed in a schema, by its top-level properties and `required`; "" when neither did. */
export function schemaChange(before: unknown, after: unknown): string {
  const props = (s: unknown): unknown => (isRecord(s) ? s.properties : undefined);
  const parts = memberChanges(props(before), props(after));
  const required = (s: unknown): string[] => (isRecord(s) ? asList(s.required) : []);
  if (!isDeepStrictEqual(required(before), required(after))) parts.push(`required [${required(before).map(shown).join(", ")}] → [${required(after).map(shown).join(", ")}]`);
  return parts.join(", ");
}

const scalar = (v: unknown): string => (v === undefined ? "(none)" : shown(String(v)));

/** One phrase per rewritten key: `output: + owner, ~ name`, `errors: + RATE_LIMITED`, `upstream.path: /a → /b`. */
export function describeChange(change: OwnedChange): string {
  const key = change.path.join(".");
  if (key === "input" || key === "output") return `${key}: ${schemaChange(change.before, change.after) || "changed"}`;
  if (key === "errors") {
    const b = asList(change.before);
    const a = asList(change.after);
    return `errors: ${[...a.filter((c) => !b.includes(c)).map((c) => `+ ${shown(c)}`), ...b.filter((c) => !a.includes(c)).map((c) => `− ${shown(c)}`)].join(", ") || "reordered"}`;
  }
  return `${key}: ${scalar(change.before)} → ${scalar(change.after)}`;
}
