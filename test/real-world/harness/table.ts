import type { Row } from "./check-case.js";

/** The rows as the report prints them: one line per draft and source, totals, the top blockers. */

const COLUMNS = ["draft", "source", "schemas", "compiled", "rejected", "crashed", "timeout", "checked", "invalid", "wrong acc", "wrong rej"] as const;

export interface Totals {
  readonly schemas: number;
  readonly compiled: number;
  readonly rejected: number;
  readonly crashed: number;
  readonly timeout: number;
  readonly checked: number;
  readonly invalid: number;
  readonly wrongAccepts: number;
  readonly wrongRejects: number;
}

export function totals(rows: readonly Row[]): Totals {
  const count = (s: Row["status"]): number => rows.filter((r) => r.status === s).length;
  const sum = (f: (r: Row) => number): number => rows.reduce((n, r) => n + f(r), 0);
  return {
    schemas: rows.length,
    compiled: count("compiled"),
    rejected: count("rejected"),
    crashed: count("crashed"),
    timeout: count("timeout"),
    checked: sum((r) => r.checked),
    invalid: sum((r) => r.invalid),
    wrongAccepts: sum((r) => r.wrongAccepts.length),
    wrongRejects: sum((r) => r.wrongRejects.length),
  };
}

const line = (draft: string, source: string, t: Totals): string[] => [draft, source, ...[t.schemas, t.compiled, t.rejected, t.crashed, t.timeout, t.checked, t.invalid, t.wrongAccepts, t.wrongRejects].map(String)];

function render(cells: string[][]): string {
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  const fmt = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`;
  return [fmt(cells[0]!), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(fmt)].join("\n");
}

/** Cases per blocker (a case counts once per distinct blocker), most frequent first. */
export function blockerCounts(rows: readonly Row[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.status !== "compiled") for (const b of r.blockers) counts.set(b, (counts.get(b) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
}

export function report(rows: readonly Row[], top = 20): string {
  const groups = [...new Set(rows.map((r) => `${r.draft}\u0000${r.file}`))].sort();
  const body = groups.map((g) => {
    const [draft, file] = g.split("\u0000") as [string, string];
    return line(draft, file, totals(rows.filter((r) => r.draft === draft && r.file === file)));
  });
  const drafts = [...new Set(rows.map((r) => r.draft))].sort().map((d) => line(d, "(all)", totals(rows.filter((r) => r.draft === d))));
  const table = render([[...COLUMNS], ...body, ...drafts, line("all", "(all)", totals(rows))]);
  const blockers = blockerCounts(rows).slice(0, top).map(([b, n]) => `${String(n).padStart(4)}  ${b}`);
  const noRef = rows.filter((r) => r.referenceError !== undefined).map((r) => `  ${r.file} ${r.id}: ${r.referenceError}`);
  const wrong = rows.flatMap((r) => r.wrongAccepts.map((o) => `  ${r.file} ${r.id}: ${o}`));
  return [table, "", "Blockers (cases):", ...blockers, "", `No reference verdict (${noRef.length}):`, ...noRef, "", `Wrong accepts (${wrong.length}):`, ...wrong].join("\n");
}
