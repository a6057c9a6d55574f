import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";

// A smoke run of the benchmark harness: does every case run and report numbers? Never how fast.
const OUT = join(repoRoot, "bench/results/tmp/smoke.md");
const QUICK_TOOLS = 4;

const HOT_CASES = [
  "JSON.parse (control: same function twice)",
  "parseStrict",
  "full generated adapter",
  "adapt() on a pre-issued call (calls issued before the timed batch)",
  "typia 12: JSON.parse + validateEquals + generated pick",
  "Ajv standalone (strict) + secure-json-parse + generated pick",
  "TypeBox TypeCompiler + JSON.parse + generated pick",
  "full generated adapter + event sink (SHA-256)",
  "naive: JSON.parse + Ajv (run-time compile) + generic pick",
  "naive + jsonc-parser duplicate check",
  "zod v4 strictObject + generic pick",
  "generated validator alone (on parsed object)",
  "typia validateEquals alone (on parsed object)",
  "Ajv validator alone (run-time compile, same schema, on parsed object)",
  "floor: indexOf from quote to quote, nothing else",
  "floor: the duplicate proof's colon hop alone",
];
// So cheap that a ratio may print as 0.00×: isWellFormed is free on a one-byte payload, and the
// selection takes about 0.1 µs against a JSON.parse that a busy machine can slow to 20 µs.
const NEAR_ZERO_CASES = ["selection + checks alone (generated, on parsed object)", "floor: String#isWellFormed (raw lone surrogates)"];
const COLD_MODES: Record<string, number> = {
  "eager: import generated index + one result per tool": QUICK_TOOLS,
  "lazy: one tool via lazy.js to its first result": 1,
  "baseline: Ajv compiles every schema at start-up + validates once each": QUICK_TOOLS,
};

/** The body rows of the table under `### <heading>`, keyed by their first cell. */
function tableRows(markdown: string, heading: string): Map<string, string[]> {
  const start = markdown.indexOf(`### ${heading}`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const section = markdown.slice(start).split("\n").slice(2);
  const lines = section.slice(0, section.findIndex((line) => !line.startsWith("|")));
  const cells = lines.slice(2).map((line) => line.slice(2, -2).split(" | "));
  return new Map(cells.map(([label, ...rest]) => [label!, rest]));
}

const positive = (text: string): boolean => Number.isFinite(Number(text)) && Number(text) > 0;

function ratioParts(cell: string): number[] {
  const match = /^(\d+\.\d+)× \[(\d+\.\d+)×–(\d+\.\d+)×\]$/.exec(cell ?? "");
  if (!match) throw new Error(`not a ratio cell: ${cell}`);
  return match.slice(1).map(Number);
}

describe("npm run bench -- --quick", () => {
  it("reports every hot-path case and cold-start mode for the 1 KB payload with finite positive numbers", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["bench/run.mjs", "--quick", "--sizes=small", `--out=${OUT}`], { cwd: repoRoot, timeout: 240_000 });
    const report = await readFile(OUT, "utf8");
    expect(stdout).toBe(report);

    const ratios = tableRows(report, "Hot path: × JSON.parse");
    const times = tableRows(report, "Hot path: time per call, median of rounds");
    for (const label of HOT_CASES) {
      const [median, min, max] = ratioParts(ratios.get(label)?.[0] ?? "");
      expect([median, min, max].every((n) => n! > 0 && Number.isFinite(n))).toBe(true);
      expect(min! <= median! && median! <= max!).toBe(true);
      expect(times.get(label)?.[0]).toMatch(/^\d+\.\d+ (µs|ms)$/);
    }
    for (const label of NEAR_ZERO_CASES) {
      const [median, min, max] = ratioParts(ratios.get(label)?.[0] ?? "");
      expect([median, min, max].every((n) => n! >= 0 && Number.isFinite(n))).toBe(true);
    }
    expect(ratios.size).toBe(HOT_CASES.length + NEAR_ZERO_CASES.length + 1);

    const versus = tableRows(report, "toolgate adapt() against typia's pipeline (same run)");
    for (const label of ["call() + adapt() ÷ typia (< 1: toolgate is faster)", "adapt() on a pre-issued call ÷ typia"]) expect(versus.get(label)?.[0]).toMatch(/^\d+\.\d\d$/);
    // Every pipeline ran the mutants: the adapter let none through, typia the duplicate names.
    const strictness = tableRows(report, "Strictness: mutants each pipeline lets through");
    expect(strictness.get("full generated adapter")).toEqual(["none"]);
    expect(strictness.get("typia 12: JSON.parse + validateEquals + generated pick")?.[0]).toContain("duplicate member name");

    const targets = tableRows(report, "Targets (issue 3)");
    const ceiling = targets.get("ceiling of that speed-up for a quote-hopping parser (JSON.parse + floors + validator + selection)") ?? [];
    expect(ceiling[1]).toMatch(/^\d+\.\d×$/);

    const cold = tableRows(report, `Cold start: ${QUICK_TOOLS} tools, fresh process each, median (min–max) of 1 processes`);
    for (const [label, valid] of Object.entries(COLD_MODES)) {
      const row = cold.get(label) ?? [];
      const total = row[4]?.split(" ")[0] ?? "";
      expect(positive(total)).toBe(true);
      expect(positive(row[5]?.split(" ")[0] ?? "")).toBe(true);
      expect(row[7]).toBe(String(valid));
    }
  }, 300_000);
});
