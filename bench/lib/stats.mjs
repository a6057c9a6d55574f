// Order statistics over rounds or processes.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** { median, min, max } of a non-empty list. */
export function summarize(values) {
  if (values.length === 0) throw new Error("summarize: no values");
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
