/**
 * Items in classes of equals, without comparing every pair: bucketed by `key` (equal items must have
 * equal keys), then within a bucket each item joins the first class whose first member is `same` as
 * it. For an equivalence such as deepEqual this is exactly "i and j are in one class iff same(i, j)".
 * Each class lists item indexes in ascending order; classes come in the order of their first member.
 */
export function classesOf<T>(items: readonly T[], key: (item: T) => string, same: (a: T, b: T) => boolean): number[][] {
  const buckets = new Map<string, number[][]>();
  const classes: number[][] = [];
  items.forEach((item, i) => {
    const k = key(item);
    const inBucket = buckets.get(k) ?? [];
    buckets.set(k, inBucket);
    const found = inBucket.find((members) => same(items[members[0]!]!, item));
    if (found) found.push(i);
    else {
      const members = [i];
      inBucket.push(members);
      classes.push(members);
    }
  });
  return classes;
}

/** A JSON value's text with every object's keys sorted: two deepEqual values have the same text. */
export function canonicalJson(value: unknown): string {
  const sorted = (_key: string, v: unknown): unknown => {
    if (typeof v === "bigint") return `${v}n`;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v;
  };
  return String(JSON.stringify(value, sorted));
}
