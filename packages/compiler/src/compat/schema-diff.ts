import { escapeToken } from "../load/pointer.js";
import { change, type Change, type ChangeCode } from "./changes.js";
import { comparePatterns } from "./pattern.js";
import { ALL_TYPES, ANY, LOWER_BOUNDS, UPPER_BOUNDS, type Shape } from "./shape.js";

/**
 * Classified changes between two shapes of one schema. Input and output are schemas the adapter
 * *accepts* (from agents, from the upstream): accepting less breaks whoever sends. The agent view is
 * what the adapter *produces*: producing more (or dropping a field) breaks whoever reads.
 */

/** Where a change is and how it is named: `/output/properties/runs/items`, `output runs[]`. */
interface At {
  readonly pointer: string;
  readonly label: string;
}

const member = (at: At, key: string): At => ({ pointer: `${at.pointer}/properties/${escapeToken(key)}`, label: `${at.label}.${key}` });
const items = (at: At): At => ({ pointer: `${at.pointer}/items`, label: `${at.label}[]` });
export const rootAt = (pointer: string, label: string): At => ({ pointer, label });

const minus = (a: readonly string[] = [], b: readonly string[] = []): string[] => a.filter((x) => !b.includes(x));
// Every integer is a number: integer → number widens, number → integer narrows.
const typeMinus = (a: readonly string[], b: readonly string[]): string[] => minus(a, b).filter((t) => t !== "integer" || !b.includes("number"));
// Enum values are kept as JSON text, already quoted; long ones are cut.
const listed = (values: readonly string[]): string => values.map((v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v)).join(", ");

/** The codes of one accepting side, in the order required, narrowed, tightened, closed, removed, widened, cannot classify. */
export interface AcceptCodes {
  readonly required: ChangeCode;
  readonly narrowed: ChangeCode;
  readonly tightened: ChangeCode;
  readonly closed: ChangeCode;
  readonly removed: ChangeCode;
  readonly widened: ChangeCode;
  readonly opaque: ChangeCode;
}

export const INPUT_CODES: AcceptCodes = { required: "TG620", narrowed: "TG621", tightened: "TG622", closed: "TG623", removed: "TG624", widened: "TG625", opaque: "TG626" };
export const OUTPUT_CODES: AcceptCodes = { required: "TG640", narrowed: "TG641", tightened: "TG642", closed: "TG643", removed: "TG644", widened: "TG645", opaque: "TG646" };

/** Keyword changes that make a schema accept less (`less`) or more (`more`), worded for messages. */
interface Delta {
  readonly less: string[];
  readonly more: string[];
}

/** Types and enum values: which the after shape stopped or started allowing. */
function valueDelta(before: Shape, after: Shape): Delta {
  const less: string[] = [];
  const more: string[] = [];
  const lostTypes = typeMinus(before.types, after.types);
  const gainedTypes = typeMinus(after.types, before.types);
  if (lostTypes.length > 0) less.push(`no longer allows ${lostTypes.join(", ")}`);
  if (gainedTypes.length > 0) more.push(`now allows ${gainedTypes.join(", ")}`);
  if (after.enum && !before.enum) less.push(`is now limited to ${listed(after.enum)}`);
  if (before.enum && !after.enum) more.push("is no longer limited to an enum");
  if (before.enum && after.enum) {
    const dropped = minus(before.enum, after.enum);
    const added = minus(after.enum, before.enum);
    if (dropped.length > 0) less.push(`no longer allows ${listed(dropped)}`);
    if (added.length > 0) more.push(`now allows ${listed(added)}`);
  }
  return { less, more };
}

/** Bounds, pattern, format, multipleOf, uniqueItems. A changed pattern or format accepts different values: less. */
function boundDelta(before: Shape, after: Shape): Delta {
  const less: string[] = [];
  const more: string[] = [];
  const bound = (k: string, upper: boolean): void => {
    const a = before.bounds?.[k];
    const b = after.bounds?.[k];
    if (a === b) return;
    const text = `${k} ${a ?? "none"} → ${b ?? "none"}`;
    const tighter = b !== undefined && (a === undefined || (upper ? b < a : b > a));
    (tighter ? less : more).push(text);
  };
  for (const k of UPPER_BOUNDS) bound(k, true);
  for (const k of LOWER_BOUNDS) bound(k, false);
  for (const k of new Set([...Object.keys(before.exact ?? {}), ...Object.keys(after.exact ?? {})])) {
    const a = before.exact?.[k];
    const b = after.exact?.[k];
    if (a === b) continue;
    // A pattern proved the same (trivially rewritten) is no change; one proved wider accepts more.
    const relation = k === "pattern" && a !== undefined && b !== undefined ? comparePatterns(JSON.parse(a) as string, JSON.parse(b) as string) : "unknown";
    if (relation === "same") continue;
    const removed = b === undefined || (k === "uniqueItems" && b === "false") || relation === "wider";
    (removed ? more : less).push(`${k} ${a ?? "none"} → ${b ?? "none"}`);
  }
  return { less, more };
}

/** Changes that reject a value the old schema accepted (breaking for its sender), and those that accept more. */
export function acceptChanges(before: Shape, after: Shape, at: At, codes: AcceptCodes): Change[] {
  const out: Change[] = [];
  const values = valueDelta(before, after);
  const bounds = boundDelta(before, after);
  if (before.opaque !== after.opaque) out.push(change(codes.opaque, at.pointer, `${at.label} changed in a way toolgate cannot compare`));
  for (const text of values.less) out.push(change(codes.narrowed, at.pointer, `${at.label} ${text}`));
  for (const text of bounds.less) out.push(change(codes.tightened, at.pointer, `${at.label} ${text}`));
  for (const key of minus(after.required, before.required)) out.push(change(codes.required, member(at, key).pointer, `${member(at, key).label} is now required`));
  if (before.open && !after.open && after.types.includes("object")) out.push(change(codes.closed, at.pointer, `${at.label} no longer accepts undeclared members`));
  const widened = [...values.more, ...bounds.more, ...minus(before.required, after.required).map((k) => `no longer requires ${k}`)];
  if (!before.open && after.open) widened.push("now accepts undeclared members");
  if (widened.length > 0) out.push(change(codes.widened, at.pointer, `${at.label} ${widened.join("; ")}`));
  out.push(...acceptMembers(before, after, at, codes));
  return out;
}

function acceptMembers(before: Shape, after: Shape, at: At, codes: AcceptCodes): Change[] {
  const out: Change[] = [];
  const keys = new Set([...Object.keys(before.properties ?? {}), ...Object.keys(after.properties ?? {})]);
  for (const key of [...keys].sort()) {
    const a = before.properties?.[key];
    const b = after.properties?.[key];
    const where = member(at, key);
    if (a && !b && !after.open) out.push(change(codes.removed, where.pointer, `${where.label} was removed (the object now rejects it)`));
    // A member new to a closed object was rejected before: the object accepts more.
    else if (!a && b && !before.open) out.push(change(codes.widened, where.pointer, `${where.label} was added`));
    else out.push(...acceptChanges(a ?? ANY, b ?? ANY, where, codes));
  }
  if (before.items || after.items) out.push(...acceptChanges(before.items ?? ANY, after.items ?? ANY, items(at), codes));
  return out;
}

/** Changes that would surprise a reader of the old agent view (breaking), and those that only narrow it. */
export function viewChanges(before: Shape, after: Shape, at: At): Change[] {
  const out: Change[] = [];
  const values = valueDelta(before, after);
  const bounds = boundDelta(before, after);
  if (before.opaque !== after.opaque) out.push(change("TG615", at.pointer, `${at.label} changed in a way toolgate cannot compare`));
  const wider = [...values.more, ...bounds.more, ...(!before.open && after.open ? ["may now carry undeclared members"] : [])];
  if (wider.length > 0) out.push(change("TG612", at.pointer, `${at.label} ${wider.join("; ")}`));
  for (const key of minus(before.required, after.required)) if (after.properties?.[key]) out.push(change("TG613", member(at, key).pointer, `${member(at, key).label} is no longer always present`));
  const narrower = [...values.less, ...bounds.less, ...minus(after.required, before.required).map((k) => `now always has ${k}`)];
  if (narrower.length > 0) out.push(change("TG614", at.pointer, `${at.label} ${narrower.join("; ")}`));
  const keys = new Set([...Object.keys(before.properties ?? {}), ...Object.keys(after.properties ?? {})]);
  for (const key of [...keys].sort()) {
    const a = before.properties?.[key];
    const b = after.properties?.[key];
    const where = member(at, key);
    if (a && !b) out.push(change("TG610", where.pointer, `${where.label} was removed`));
    // Even an optional field added to a closed view breaks a reader that validates the old view (an MCP client's readResult).
    else if (!a && b) out.push(change(before.open ? "TG614" : "TG611", where.pointer, `${where.label} was added`));
    else out.push(...viewChanges(a!, b!, where));
  }
  if (before.items || after.items) out.push(...viewChanges(before.items ?? { types: ALL_TYPES }, after.items ?? { types: ALL_TYPES }, items(at)));
  return out;
}
