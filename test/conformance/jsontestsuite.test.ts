import { parseStrict } from "@toolgate/runtime";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, sharedTestdata } from "../support/project.js";

const dir = join(sharedTestdata, "JSONTestSuite/test_parsing");
const files = readdirSync(dir).sort();
const ofKind = (kind: string): string[] => files.filter((f) => f.startsWith(`${kind}_`));
const LIMITS = { maxBytes: 16 * 1024 * 1024, maxDepth: 1024 };
const parseFile = (file: string) => parseStrict(new Uint8Array(readFileSync(join(dir, file))), LIMITS);
const DUPLICATE_KEY_FILES = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"];

describe("JSONTestSuite (nst/JSONTestSuite@1ef36fa)", () => {
  it("has the full corpus", () => {
    expect([ofKind("y").length, ofKind("n").length, ofKind("i").length]).toEqual([95, 188, 35]);
  });

  it.each(ofKind("y"))("accepts %s (duplicate names excepted)", (file) => {
    const result = parseFile(file);
    if (DUPLICATE_KEY_FILES.includes(file)) expect(result).toMatchObject({ ok: false, reason: "duplicate_key" });
    else expect(result.ok).toBe(true);
  });

  it.each(ofKind("n"))("rejects %s", (file) => {
    expect(parseFile(file).ok).toBe(false);
  });

  it("gives every i_ file its pinned outcome", () => {
    const pinned = JSON.parse(readFileSync(join(repoRoot, "test/fixtures/json/i_outcomes.json"), "utf8")) as Record<string, string>;
    const actual = Object.fromEntries(ofKind("i").map((f) => {
      const r = parseFile(f);
      return [f, r.ok ? "accept" : r.reason];
    }));
    expect(actual).toEqual(pinned);
  });

  it("agrees with JSON.parse on every accepted y_ value", () => {
    for (const file of ofKind("y").filter((f) => !DUPLICATE_KEY_FILES.includes(f))) {
      const r = parseFile(file);
      expect(r.ok && r.value, file).toEqual(JSON.parse(readFileSync(join(dir, file), "utf8")));
    }
  });

  it("rejects 500 nested arrays at depth 64", () => {
    const result = parseStrict(new Uint8Array(readFileSync(join(dir, "i_structure_500_nested_arrays.json"))), { maxBytes: 4096, maxDepth: 64 });
    expect(result).toMatchObject({ ok: false, layer: "transport", reason: "too_deep" });
  });
});
