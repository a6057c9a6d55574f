// Report sections of issue 19: the adapter against typia's pipeline per size, and the mutants each
// pipeline lets through (every pipeline ran every mutant before it was timed).
import { CASES } from "./cases.mjs";
import { MUTANTS } from "./mutants.mjs";
import { SIZES } from "./payload.mjs";

const row = (cells) => `| ${cells.join(" | ")} |`;
const find = (hot, caseName, size) => hot.find((r) => r.caseName === caseName && r.size === size);

/**
 * `call()` + `adapt()` (the full per-request cost), `adapt()` on a pre-issued call (the result path
 * alone) and typia's pipeline as × JSON.parse, and each adapter row ÷ typia, from the same run.
 */
export function versusTypiaLines(hot, sizes) {
  const median = (caseName, s) => find(hot, caseName, s)?.ratio.median;
  const cells = (caseName, f) => sizes.map((s) => {
    const [adapter, typia] = [median(caseName, s), median("typia", s)];
    return adapter !== undefined && typia !== undefined ? f(adapter, typia) : "–";
  });
  return [
    "### toolgate adapt() against typia's pipeline (same run)",
    "",
    row(["× JSON.parse", ...sizes.map((s) => SIZES[s].label)]),
    row(["---", ...sizes.map(() => "---:")]),
    row(["toolgate `call()` + `adapt()`", ...cells("adapter", (a) => `${a.toFixed(2)}×`)]),
    row(["toolgate `adapt()` on a pre-issued call", ...cells("adapter_pre", (a) => `${a.toFixed(2)}×`)]),
    row(["typia: JSON.parse + validateEquals + generated pick", ...cells("typia", (_a, t) => `${t.toFixed(2)}×`)]),
    row(["call() + adapt() ÷ typia (< 1: toolgate is faster)", ...cells("adapter", (a, t) => (a / t).toFixed(2))]),
    row(["adapt() on a pre-issued call ÷ typia", ...cells("adapter_pre", (a, t) => (a / t).toFixed(2))]),
    "",
  ];
}

/** One row per pipeline: the mutants it accepted (the same on every size it ran). */
export function strictnessLines(hot) {
  const lines = [row(["pipeline", "accepts (toolgate's adapter rejects all of these)"]), row(["---", "---"])];
  for (const [name, { label }] of Object.entries(CASES)) {
    const runs = hot.filter((r) => r.caseName === name && r.letsThrough);
    if (runs.length === 0) continue;
    const accepted = [...new Set(runs.flatMap((r) => r.letsThrough))];
    lines.push(row([label, accepted.length === 0 ? "none" : accepted.map((m) => MUTANTS[m].label).join("; ")]));
  }
  const tried = Object.values(MUTANTS).map((m) => m.label).join("; ");
  return ["### Strictness: mutants each pipeline lets through", "", ...lines, "", `Mutants run (untimed, before timing): ${tried}.`, ""];
}
