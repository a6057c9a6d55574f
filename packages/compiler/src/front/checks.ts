import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { CheckIR } from "../ir/types.js";
import { resolveField, type Defs } from "./paths.js";
import type { RawCheck } from "./spec.js";
import { parseDuration } from "./units.js";

interface Ctx {
  readonly input: unknown;
  readonly output: unknown;
  readonly defs: Defs;
  readonly locate: (pointer: string) => SourceRange;
  readonly sink: DiagnosticSink;
}

const defaultId = (check: RawCheck): string => {
  if (check.bind !== undefined) return `bind.${typeof check.bind === "string" ? check.bind : check.bind.output}`;
  if (check.fresh !== undefined) return `fresh.${check.fresh.field}`;
  return `hook.${check.hook ?? ""}`;
};

/** Turns `checks:` into typed check IR; every field must exist, ids must be unique. */
export function buildChecks(raw: readonly RawCheck[], ctx: Ctx): CheckIR[] {
  const ids = new Set<string>();
  return raw.flatMap((check, i) => {
    const at = ctx.locate(`/checks/${i}`);
    const id = check.id ?? defaultId(check);
    if (ids.has(id)) ctx.sink.report(diagnostic("TG312", at, { id: quote(id) }));
    ids.add(id);
    if (!checkAsyncKeys(check, `/checks/${i}`, ctx)) return [];
    const built = buildCheck(check, id, `/checks/${i}`, at, ctx);
    return built ? [built] : [];
  });
}

function buildCheck(check: RawCheck, id: string, pointer: string, at: SourceRange, ctx: Ctx): CheckIR | undefined {
  const missing = (text: string, side: string): undefined => {
    ctx.sink.report(diagnostic("TG310", at, { path: quote(text), side }));
    return undefined;
  };
  if (check.bind !== undefined) {
    const [outText, inText] = typeof check.bind === "string" ? [check.bind, check.bind] : [check.bind.output, check.bind.input];
    const output = resolveField(ctx.output, "output", outText, ctx.defs);
    const input = resolveField(ctx.input, "input", inText, ctx.defs);
    if (!output) return missing(outText, "output");
    if (!input) return missing(inText, "input");
    return { kind: "bind", id, pointer, output: output.path, input: input.path };
  }
  if (check.fresh !== undefined) {
    const field = resolveField(ctx.output, "output", check.fresh.field, ctx.defs);
    if (!field) return missing(check.fresh.field, "output");
    if (!field.required || field.schema.type !== "string" || field.schema.format !== "date-time") {
      ctx.sink.report(diagnostic("TG311", at, { path: quote(check.fresh.field) }));
      return undefined;
    }
    const maxAgeMs = parseDuration(check.fresh.max_age);
    const maxFutureMs = check.fresh.max_future === undefined ? 0 : parseDuration(check.fresh.max_future);
    return { kind: "fresh", id, pointer, field: field.path, maxAgeMs, maxFutureMs };
  }
  const budgetMs = check.async === true ? (check.budget_ms ?? DEFAULT_BUDGET_MS) : undefined;
  return { kind: "hook", id, pointer, name: check.hook ?? "", ...(budgetMs === undefined ? {} : { budgetMs }) };
}

const DEFAULT_BUDGET_MS = 2000;
const MAX_BUDGET_MS = 60000;

/** `async` and `budget_ms` belong to hook checks, `budget_ms` to async ones, within 1..60000 ms (TG340/TG341). */
function checkAsyncKeys(check: RawCheck, pointer: string, ctx: Ctx): boolean {
  const misplaced = (key: string, what: string): false => {
    ctx.sink.report(diagnostic("TG341", ctx.locate(`${pointer}/${key}`), { key, what }));
    return false;
  };
  if (check.hook === undefined && check.async !== undefined) return misplaced("async", "bind or fresh check");
  if (check.budget_ms === undefined) return true;
  if (check.hook === undefined) return misplaced("budget_ms", "bind or fresh check");
  if (check.async !== true) return misplaced("budget_ms", "sync hook (add async: true)");
  const ms = check.budget_ms;
  if (Number.isInteger(ms) && ms >= 1 && ms <= MAX_BUDGET_MS) return true;
  ctx.sink.report(diagnostic("TG340", ctx.locate(`${pointer}/budget_ms`), { value: String(ms) }));
  return false;
}
