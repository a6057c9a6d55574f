import type { FixtureAdapter } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import type { NearMiss } from "@toolgate/compiler";
import { formatMutationTable, mutationRow, nearMissBase, rowFails } from "../packages/cli/src/mutation-table.js";
import { compileDir, repoRoot } from "./support/project.js";
import { join } from "node:path";

const { adapters } = (await import("../generated/index.js")) as unknown as { adapters: Record<string, FixtureAdapter> };

const BASE = { environment: "staging", revision: "a83f19c", state: "healthy", observed_at: "2026-12-01T10:00:00Z" };
const miss = (id: string, description: string, raw: string, layer: NearMiss["expect"]["layer"]): NearMiss => ({
  id,
  description,
  raw,
  input: { environment: "staging" },
  now: "2026-12-01T10:00:30Z",
  expect: { layer, code: "INVALID_RESPONSE" },
});

// Hand-written near misses of deployment_status, in the agreed NearMiss shape.
const MISSES: readonly NearMiss[] = [
  miss("extra", "extra property at /", JSON.stringify({ ...BASE, maintenance: true }), "schema"),
  miss("dup", "duplicate member state at /", JSON.stringify(BASE).replace('"state"', '"state":"failed","state"'), "syntax"),
  miss("bind", "bound field environment changed", JSON.stringify({ ...BASE, environment: "production" }), "binding"),
  miss("fresh", "observed_at one second past max_age", JSON.stringify({ ...BASE, observed_at: "2026-12-01T09:59:29Z" }), "semantic"),
];

describe("the near-miss mutation table, through the generated deployment_status adapter", () => {
  const adapter = adapters.deployment_status!;

  it("counts every mutation rejected at its expected layer", async () => {
    const row = await mutationRow(adapter, "deployment_status", MISSES);
    expect([row.generated, row.expectedLayer, row.otherLayer.length, row.accepted.length]).toEqual([4, 4, 0, 0]);
    expect(rowFails(row)).toBe(false);
    expect(formatMutationTable([row])).toEqual([
      "| tool | mutations | rejected at the expected layer | rejected at another layer | wrongly accepted |",
      "| --- | ---: | ---: | ---: | ---: |",
      "| deployment_status | 4 | 4 | 0 | 0 |",
    ]);
  });

  it("fails the row for a mutation rejected elsewhere, and for one wrongly accepted, naming each", async () => {
    const wrong = [
      miss("elsewhere", "extra property at / (said to fail at binding)", MISSES[0]!.raw, "binding"),
      miss("accepted", "one second inside max_age (not a near miss at all)", JSON.stringify({ ...BASE, observed_at: "2026-12-01T09:59:31Z" }), "semantic"),
    ];
    const row = await mutationRow(adapter, "deployment_status", [...MISSES, ...wrong]);
    expect([row.expectedLayer, row.otherLayer.length, row.accepted.length]).toEqual([4, 1, 1]);
    expect(rowFails(row)).toBe(true);
    expect(formatMutationTable([row]).slice(2)).toEqual([
      "| deployment_status | 6 | 4 | 1 | 1 |",
      "FAIL deployment_status near miss elsewhere: extra property at / (said to fail at binding): expected INVALID_RESPONSE at binding, got failure INVALID_RESPONSE at schema",
      "FAIL deployment_status near miss accepted: one second inside max_age (not a near miss at all): expected INVALID_RESPONSE at semantic, got success",
    ]);
  });

  it("answers an envelope tool's mutations with the base's request id", async () => {
    const data = { project_id: "bluebird", run_id: "run_8f2KqL0pZx91", state: "failed", observed_at: "2026-12-01T10:00:30Z", runs: [] };
    const raw = JSON.stringify({ tool: "job_run_status", request_id: "req.J7q94MkP", outcome: "success", data: { ...data, observed_at: "2026-12-01T09:58:59Z" } });
    const base = { input: { project_id: "bluebird", job: "nightly" }, now: "2026-12-01T10:01:00Z" };
    const fresh: NearMiss = { ...base, id: "fresh", description: "observed_at one second past max_age", raw, expect: { layer: "semantic", code: "INVALID_RESPONSE" } };
    expect((await mutationRow(adapters.job_run_status!, "job_run_status", [{ ...fresh, requestId: "req.J7q94MkP" }])).expectedLayer).toBe(1);
    // Without it every mutation would stop at the request id check.
    expect((await mutationRow(adapters.job_run_status!, "job_run_status", [fresh])).otherLayer).toHaveLength(1);
  });

  it("derives the base from the tool's first success fixture, with its request id; else synthesizes one, or says why not", async () => {
    const { tools } = await compileDir(join(repoRoot, "specs"));
    const tool = (name: string) => tools.find((t) => t.tool === name)!;
    const fixture = (name: string, outcome: "success" | "failure") => ({
      name,
      tool: "job_run_status",
      raw: name,
      input: { project_id: "bluebird" },
      now: "2026-12-01T10:01:00Z",
      requestId: "req.J7q94MkP",
      expect: outcome === "success" ? { outcome, data: {} } : { outcome, code: "NOT_FOUND", layer: "upstream" as const },
    });
    const fixtures = [fixture("c", "success"), fixture("a", "failure"), fixture("b", "success")];
    expect(nearMissBase(fixtures, tool("job_run_status"))).toEqual({ base: { raw: "b", input: { project_id: "bluebird" }, now: "2026-12-01T10:01:00Z", requestId: "req.J7q94MkP" } });
    expect(nearMissBase(fixtures, tool("deployment_status"))).toMatchObject({ base: { input: { environment: expect.any(String) } } });
    // review_status has a hook check, which may refuse any value the schema allows.
    expect(nearMissBase(fixtures, tool("review_status"))).toEqual({ reason: expect.stringContaining("reviewerIsKnown") });
  });
});
