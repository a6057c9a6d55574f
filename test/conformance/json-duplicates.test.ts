import { parseStrict } from "@toolgate/runtime";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/project.js";

interface Case {
  readonly why: string;
  readonly text: string;
  readonly duplicate: boolean;
}

const cases = JSON.parse(readFileSync(join(repoRoot, "test/fixtures/json/duplicates.json"), "utf8")) as Case[];
const LIMITS = { maxBytes: 1 << 20, maxDepth: 32 };

describe("duplicate member names", () => {
  it("has a corpus of at least 50 cases, both kinds", () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(cases.filter((c) => !c.duplicate).length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.why, c] as const))("%s", (_why, c) => {
    // Every text is valid JSON: only the duplicate rule may reject it.
    expect(() => JSON.parse(c.text)).not.toThrow();
    const result = parseStrict(c.text, LIMITS);
    if (c.duplicate) expect(result).toMatchObject({ ok: false, layer: "syntax", reason: "duplicate_key" });
    else expect(result).toEqual({ ok: true, value: JSON.parse(c.text) });
  });
});
