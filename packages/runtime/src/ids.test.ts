import { describe, expect, it } from "vitest";
import { newIdempotencyKey, newRequestId, OPAQUE_ID_PATTERN } from "./ids.js";

const SAMPLE_SIZE = 100_000;
const TOKEN = /^req_([0-9A-Za-z]{22})$/;

describe("newRequestId", () => {
  const ids = Array.from({ length: SAMPLE_SIZE }, newRequestId);

  it("issues ids of the form req_ + 22 base62 symbols that satisfy the opaque-id grammar", () => {
    expect(ids.filter((id) => !TOKEN.test(id) || !OPAQUE_ID_PATTERN.test(id))).toEqual([]);
  });

  it("never repeats an id over 100k draws", () => {
    expect(new Set(ids).size).toBe(SAMPLE_SIZE);
  });

  it("uses all 62 symbols with no modulo bias", () => {
    const counts = new Map<string, number>();
    for (const id of ids) for (const symbol of id.slice(4)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    const mean = (SAMPLE_SIZE * 22) / 62;
    // A plain `byte % 62` would make 8 symbols 25% more frequent; 5% is ~9 standard deviations.
    const skewed = [...counts].filter(([, count]) => Math.abs(count - mean) > mean * 0.05);
    expect(counts.size).toBe(62);
    expect(skewed).toEqual([]);
  });
});

describe("newIdempotencyKey", () => {
  it("issues idem_ + 22 base62 symbols, distinct per call", () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^idem_[0-9A-Za-z]{22}$/);
    expect(first).toMatch(OPAQUE_ID_PATTERN);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
