import fc from "fast-check";
import { deepEqual } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { canonicalJson, classesOf } from "./classes.js";
import { similarSets, type Similar } from "./similar.js";
import { jaccard, SIMILARITY_THRESHOLD } from "./tokens.js";

/** Every pair compared, as the lint did before it had an index. */
function bruteForce(sets: readonly ReadonlySet<string>[], threshold: number): Similar[][] {
  return sets.map((a) => sets.flatMap((b, other) => (jaccard(a, b) >= threshold ? [{ other, similarity: jaccard(a, b) }] : [])));
}

// A small vocabulary, so random sets overlap often and land on both sides of the threshold.
const tokenSet = fc.uniqueArray(fc.constantFrom("build", "status", "deploy", "revision", "log", "read", "one", "2", "run", "env"), { maxLength: 7 }).map((t) => new Set(t));

describe("similarSets (prefix-filtered Jaccard)", () => {
  it("finds exactly the pairs that comparing every pair finds, with the same similarity", () => {
    fc.assert(
      fc.property(fc.array(tokenSet, { maxLength: 30 }), fc.constantFrom(SIMILARITY_THRESHOLD, 0.5, 0.75, 1 / 3, 1), (sets, threshold) => {
        expect(similarSets(sets, threshold)).toEqual(bruteForce(sets, threshold));
      }),
      { numRuns: 300 },
    );
  });

  it("pairs empty sets with each other (Jaccard 1) and with nothing else", () => {
    const sets = [new Set<string>(), new Set(["build"]), new Set<string>()];
    expect(similarSets(sets, SIMILARITY_THRESHOLD).map((l) => l.map((s) => s.other))).toEqual([[0, 2], [1], [0, 2]]);
  });
});

describe("classesOf", () => {
  it("puts two values in one class exactly when they are deepEqual", () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, fc.constantFrom(0, -0, 1, "1", true, null, Number.NaN, Infinity), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b", "type"), tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), (values) => {
        const classOf = new Map(classesOf(values, canonicalJson, deepEqual).flatMap((members, k) => members.map((i) => [i, k] as const)));
        values.forEach((a, i) => values.forEach((b, j) => i !== j && expect(classOf.get(i) === classOf.get(j)).toBe(deepEqual(a, b))));
      }),
      { numRuns: 300 },
    );
  });
});
