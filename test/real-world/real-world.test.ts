import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/project.js";
import type { Row } from "./harness/check-case.js";
import { loadCorpus } from "./harness/corpus.js";
import { DEFAULT_BUDGET, runCorpus } from "./harness/pool.js";
import { inSample } from "./harness/sample.js";
import { report, totals } from "./harness/table.js";

/**
 * Issue 12: real-world schemas (test/real-world/corpus, SOURCES.md) through the real compiler, in
 * child processes with a time and heap budget, each generated validator judged by Ajv in the
 * schema's own draft. The fixed sample (every fifth case of each source) keeps the suite fast;
 * `npm run bench:real-world` runs all 219 cases and prints the full table.
 */

let rows: Row[];

beforeAll(async () => {
  const scratch = join(repoRoot, "test", ".scratch", `real-world-${process.pid}`);
  rows = await runCorpus(await loadCorpus(), scratch, DEFAULT_BUDGET, inSample);
}, 1_800_000);

describe("real-world schemas (fixed sample)", () => {
  it("never crashes or times out, and every refusal is a diagnostic", () => {
    const failed = rows.filter((r) => r.status === "crashed" || r.status === "timeout").map((r) => `${r.file} ${r.id}: ${r.status} ${r.blockers.join("; ")}`);
    expect(failed).toEqual([]);
    expect(rows.filter((r) => r.status === "rejected" && !r.blockers.every((b) => /^TG\d{3}/.test(b)))).toEqual([]);
  });

  it("accepts no instance that Ajv rejects, over instances that Ajv does reject", () => {
    expect(rows.flatMap((r) => r.wrongAccepts.map((o) => `${r.file} ${r.id}: ${o}`))).toEqual([]);
    const t = totals(rows);
    expect(t.invalid).toBeGreaterThan(0);
    expect(t.checked).toBeGreaterThan(t.invalid);
  });

  it("is no longer stopped by a vendor annotation keyword or an IDN format (TG218, TG216 idn-*)", () => {
    // CycloneDX's meta:enum, Octokit's tsAdditionalProperties and idn-email stopped sample cases.
    // Other unsupported formats stay TG216 (the OpenAPI 3.1 meta-schema's media-range).
    expect(rows.flatMap((r) => r.blockers.filter((b) => /^TG218|^TG216 idn-/.test(b)).map((b) => `${r.file} ${r.id}: ${b}`))).toEqual([]);
  });

  it("compiles at least the pinned floor of the sample", () => {
    // 5 of 49 before issue 12 (main c98feec); 36 of 49 with its dialects, annotation keywords, ReDoS
    // probe, formats and types; 43 with the vendor vocabularies, idn-email and $ids inside OpenAPI
    // components (`npm run bench:real-world` on 2026-12-01). Raise it as more compile.
    const t = totals(rows);
    expect(t.schemas).toBe(49);
    expect(t.compiled, report(rows)).toBeGreaterThanOrEqual(43);
  });
});
