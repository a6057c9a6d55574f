// The targets, checked against one run. Ratios gate on the per-cell medians.
const find = (hot, caseName, size) => hot.find((r) => r.caseName === caseName && r.size === size);

function perSize(hot, sizes, value) {
  const values = sizes.map((size) => value(size)).filter((v) => v !== undefined);
  return values.length === sizes.length ? values : undefined;
}

function ratioTarget(hot, sizes, caseName, limit, name) {
  const values = perSize(hot, sizes, (size) => find(hot, caseName, size)?.ratio.median);
  return { name, limit: `≤ ${limit}×`, values: values?.map((v) => `${v.toFixed(2)}×`), met: values && Math.max(...values) <= limit };
}

function speedupTarget(hot, sizes) {
  const values = perSize(hot, sizes, (size) => {
    const naive = find(hot, "naive_jsonc", size);
    const adapter = find(hot, "adapter", size);
    return naive && adapter ? naive.ratio.median / adapter.ratio.median : undefined;
  });
  const name = "full adapter vs naive + jsonc-parser duplicate check";
  return { name, limit: "≥ 3× faster", values: values?.map((v) => `${v.toFixed(1)}× faster`), met: values && Math.min(...values) >= 3 };
}

/**
 * The best speed-up over naive + jsonc-parser that any parser hopping from quote to quote could give
 * this adapter: JSON.parse itself, the bare hop, the lone-surrogate check and the generated
 * validator, selection and checks, with no duplicate bookkeeping at all.
 */
function speedupCeiling(hot, sizes) {
  const values = perSize(hot, sizes, (size) => {
    const parts = ["naive_jsonc", "quote_hop", "well_formed", "validator", "select_checks"].map((name) => find(hot, name, size)?.ratio.median);
    if (parts.includes(undefined)) return undefined;
    const [naive, ...floor] = parts;
    return naive / floor.reduce((sum, part) => sum + part, 1);
  });
  const name = "ceiling of that speed-up for a quote-hopping parser (JSON.parse + floors + validator + selection)";
  return { name, limit: "–", values: values?.map((v) => `${v.toFixed(1)}×`), met: undefined, note: "bound, not a target" };
}

/**
 * The least adapt() ÷ typia's pipeline can be while duplicates are proved by reading the text once
 * per member: JSON.parse + the colon hop + the generated validator against JSON.parse + typia's
 * validateEquals, both with the same selection and checks, and no other cost on either side.
 */
function typiaFloor(hot, sizes) {
  const values = perSize(hot, sizes, (size) => {
    const [hop, ours, typia, checks] = ["colon_hop", "validator", "typia_validator", "select_checks"].map((name) => find(hot, name, size)?.ratio.median);
    if ([hop, ours, typia, checks].includes(undefined)) return undefined;
    return (1 + hop + ours + checks) / (1 + typia + checks);
  });
  const name = "floor of adapt() ÷ typia for a duplicate proof that hops the text per member";
  return { name, limit: "–", values: values?.map((v) => v.toFixed(2)), met: undefined, note: "bound, not a target" };
}

function coldTarget(cold, mode, limitMs, name) {
  if (cold.tools !== 1000) return { name, limit: `≤ ${limitMs} ms`, values: undefined, met: undefined, note: `not gated: ${cold.tools} tools` };
  const ms = cold.modes[mode].totalMs.median;
  return { name, limit: `≤ ${limitMs} ms`, values: [`${ms.toFixed(0)} ms`], met: ms <= limitMs };
}

/** Rows of { name, limit, values (per size, or undefined when not measured), met }. */
export function evaluateTargets(hot, cold, sizes) {
  return [
    ratioTarget(hot, sizes, "parse_strict", 2.0, "parseStrict at every size"),
    ratioTarget(hot, sizes, "adapter", 3.5, "full adapter on valid input"),
    speedupTarget(hot, sizes),
    speedupCeiling(hot, sizes),
    typiaFloor(hot, sizes),
    ratioTarget(hot, sizes, "select_checks", 0.1, "selection plus checks"),
    coldTarget(cold, "eager", 3000, "cold start, 1,000 tools, eager (excl. node boot)"),
    coldTarget(cold, "lazy", 20, "cold start, lazy to first result (excl. node boot)"),
  ];
}
