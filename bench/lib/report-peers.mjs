// Report sections of issue 19: the adapter against typia's pipeline per size, and the mutants each
// pipeline lets through (every pipeline ran every mutant before it was timed).
import { CASES } from "./cases.mjs";
import { MUTANTS } from "./mutants.mjs";
import { SIZES } from "./payload.mjs";

const row = (cells) => `| ${cells.join(" | ")} |`;
const find = (hot, caseName, size) => hot.find((r) => r.caseName === caseName && r.size === size);

/** `adapt()` and typia's pipeline as × JSON.parse, and adapt() ÷ typia, from the same run. */
export function versusTypiaLines(hot, sizes) {
  const cells = (f) => sizes.map((s) => {
    const [adapter, typia] = [find(hot, "adapter", s), find(hot, "typia", s)];
    return adapter && typia ? f(adapter.ratio.median, typia.ratio.median) : "–";
  });
  return [
    "### toolgate adapt() against typia's pipeline (same run)",
    "",
    row(["× JSON.parse", ...sizes.map((s) => SIZES[s].label)]),
    row(["---", ...sizes.map(() => "---:")]),
    row(["toolgate `adapt()`", ...cells((a) => `${a.toFixed(2)}×`)]),
    row(["typia: JSON.parse + validateEquals + generated pick", ...cells((_a, t) => `${t.toFixed(2)}×`)]),
    row(["adapt() ÷ typia (< 1: adapt() is faster)", ...cells((a, t) => (a / t).toFixed(2))]),
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
