import { parseFixture, type FixtureFile } from "@toolgate/compiler";
import { runFixtures, type Fixture, type FixtureAdapter } from "@toolgate/runtime";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/project.js";

const { adapters } = (await import("../generated/index.js")) as unknown as { adapters: Record<string, FixtureAdapter> };

/** The fixtures shipped beside the example specs, as `toolgate test` reads them. */
async function shippedFixtures(): Promise<FixtureFile[]> {
  const specs = join(repoRoot, "specs");
  const dirs = (await readdir(specs)).filter((d) => d.endsWith(".fixtures")).sort();
  const fixtures: FixtureFile[] = [];
  for (const dir of dirs) {
    for (const name of (await readdir(join(specs, dir))).sort()) {
      const parsed = parseFixture(`specs/${dir}/${name}`, await readFile(join(specs, dir, name), "utf8"));
      expect(parsed.diagnostics).toEqual([]);
      fixtures.push(parsed.fixture!);
    }
  }
  return fixtures;
}

const recorded: Fixture = {
  name: "recorded",
  tool: "deployment_status",
  raw: '{"environment":"staging","revision":"a83f19c","state":"healthy","observed_at":"2026-12-01T10:00:00Z"}',
  input: { environment: "staging" },
  now: "2026-12-01T10:00:30Z",
  expect: { outcome: "success", data: { environment: "staging", revision: "a83f19c", state: "healthy", observed_at: "2026-12-01T10:00:00Z" } },
};

describe("runFixtures through the generated adapters", () => {
  it("passes every fixture shipped beside the example specs, each tool with a success and a failure", async () => {
    const fixtures = await shippedFixtures();
    const runs = runFixtures(adapters, fixtures);
    expect(runs.filter((r) => !r.ok).map((r) => r.fixture.name)).toEqual([]);
    for (const tool of Object.keys(adapters)) {
      const mine = fixtures.filter((f) => f.tool === tool);
      expect(mine.some((f) => f.expect.outcome === "success")).toBe(true);
      expect(mine.some((f) => f.expect.outcome === "failure")).toBe(true);
    }
  });

  it("matches a success on the agent's exact data only", () => {
    const [same, other] = runFixtures(adapters, [recorded, { ...recorded, expect: { outcome: "success", data: { environment: "staging" } } }]);
    expect(same!.ok).toBe(true);
    expect(other).toMatchObject({ ok: false, got: { outcome: "success" } });
  });

  it("matches a failure on code, layer and the check id when one is expected", () => {
    const stale = { ...recorded, now: "2026-12-01T10:05:00Z" };
    const runs = runFixtures(adapters, [
      { ...stale, expect: { outcome: "failure", code: "INVALID_RESPONSE", layer: "semantic", check: "fresh.observed_at" } },
      { ...stale, expect: { outcome: "failure", code: "INVALID_RESPONSE", layer: "semantic" } },
      { ...stale, expect: { outcome: "failure", code: "INVALID_RESPONSE", layer: "semantic", check: "bind.environment" } },
      { ...stale, expect: { outcome: "failure", code: "INVALID_RESPONSE", layer: "schema" } },
    ]);
    expect(runs.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(runs[0]!.got).toEqual({ outcome: "failure", code: "INVALID_RESPONSE", layer: "semantic", check: "fresh.observed_at" });
  });

  it("carries the operator event, so a report can name the first schema error", () => {
    const [run] = runFixtures(adapters, [{ ...recorded, raw: recorded.raw.replace('"healthy"', '"HEALTHY"') }]);
    expect(run!.event?.schema_errors[0]).toMatchObject({ instancePath: "/state", keyword: "enum" });
  });

  it("judges the recorded input first: one the input schema refuses ends at layer input", () => {
    const [run] = runFixtures(adapters, [{ ...recorded, input: { environment: "qa" } }]);
    expect(run!.got).toMatchObject({ outcome: "failure", code: "INVALID_INPUT", layer: "input" });
  });

  it("uses the recorded request id for envelope upstreams, and a fresh one without it", async () => {
    const fixture = (await shippedFixtures()).find((f) => f.name === "specs/job_run_status.fixtures/recorded.yaml")!;
    const { requestId: _, ...withoutId } = fixture;
    const [withId, fresh] = runFixtures(adapters, [fixture, withoutId]);
    expect(withId!.ok).toBe(true);
    expect(fresh!.got).toMatchObject({ outcome: "failure", layer: "binding", check: "request_id" });
  });

  it("reports, never throws, for an unknown tool or a clock that is no date-time", () => {
    const runs = runFixtures(adapters, [{ ...recorded, tool: "toString" }, { ...recorded, now: "yesterday" }]);
    expect(runs.map((r) => [r.ok, r.problem])).toEqual([
      [false, 'no adapter for tool "toString"'],
      [false, "now is not an RFC 3339 date-time"],
    ]);
  });
});
