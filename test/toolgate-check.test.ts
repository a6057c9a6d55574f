import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, runBuiltCli } from "./support/built-cli.js";

const NOW = "2026-12-01T10:00:00Z";
const REVIEW = { change_id: "CR-1042", decision: "approved", reviewed_by: "alice", observed_at: "2026-12-01T09:58:00Z" };
const CANARY = "CANARY-7f3a";

/** `toolgate check` through the built CLI, in a copy of the example project. */
describe("toolgate check", () => {
  let project: { dir: string; dispose: () => Promise<void> };
  const check = async (name: string, response: string, ...args: string[]) => {
    await writeFile(join(project.dir, name), response);
    return runBuiltCli(project.dir, "check", "review_status", name, "--now", NOW, ...args);
  };

  beforeAll(async () => {
    project = await copyProject("toolgate-check");
  });
  afterAll(() => project.dispose());

  it("shows each layer's verdict and exactly what the agent gets for a good response (exit 0)", async () => {
    const text = JSON.stringify({ ...REVIEW, message: CANARY });
    const run = await check("ok.json", text);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 7)).toEqual([
      "toolgate check review_status ok.json",
      `  limits     ok: ${Buffer.byteLength(text)} of 16384 bytes, depth 1 of 8`,
      "  syntax     ok: strict parse: no duplicate or forbidden members, valid UTF-8, safe integers",
      "  schema     ok: the response matches output",
      "  binding    ok: bind.change_id",
      "  semantic   ok: fresh.observed_at, hook.reviewerIsKnown",
      "  selection  ok: the agent view was built from the allowlist",
    ]);
    const agent = JSON.parse(run.stdout.slice(run.stdout.indexOf("{")));
    expect(agent).toMatchObject({ outcome: "success", data: { change_id: "CR-1042", decision: "approved", observed_at: REVIEW.observed_at } });
    expect(run.stdout).not.toContain(CANARY);
  }, 300_000);

  it("names every schema error with path, keyword, limit or expected value and spec line, never the value (exit 1)", async () => {
    const run = await check("bad.json", JSON.stringify({ ...REVIEW, decision: `${CANARY}-approved`, message: CANARY.repeat(300) }));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("  schema     failed: 2 errors\n");
    expect(run.stdout).toContain('    /decision: enum (expected ["approved","rejected","pending"]) at #/output/properties/decision/enum (specs/review_status.yaml:16:');
    expect(run.stdout).toContain("    /message: maxLength (limit 2000) at #/output/properties/message/maxLength (specs/review_status.yaml:19:");
    expect(run.stdout).toContain("  binding    not reached");
    expect(run.stdout).not.toContain(CANARY);
    expect(run.stdout).toContain('"code": "INVALID_RESPONSE"');
  }, 300_000);

  it("lists an undeclared member by name under the closed object", async () => {
    const run = await check("extra.json", JSON.stringify({ ...REVIEW, admin_override: true }));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("  undeclared found: /admin_override (refused: the object is closed)");
    expect(run.stdout).toContain('    /: additionalProperties (undeclared "admin_override") at #/output/additionalProperties');
  }, 300_000);

  it("fails the bind check against the given --input", async () => {
    const run = await check("other.json", JSON.stringify(REVIEW), "--input", '{"change_id":"CR-1"}');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("  binding    failed: bind.change_id does not hold\n  semantic   not reached");
  }, 300_000);

  it("says how far outside the fresh window the response is", async () => {
    await writeFile(join(project.dir, "stale.json"), JSON.stringify({ ...REVIEW, observed_at: "2026-12-01T09:50:00Z" }));
    // The tool named by its spec file this time.
    const run = await runBuiltCli(project.dir, "check", "specs/review_status.yaml", "stale.json", "--now", NOW);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("  semantic   failed: fresh.observed_at: observed_at is 600s old at --now (allowed: at most 300s old, 30s ahead)");
  }, 300_000);

  it("stops invalid JSON at the strict parser", async () => {
    const run = await check("broken.json", '{"change_id": "CR-1042", "decision": ');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("  syntax     failed: strict parse refused it: syntax\n  schema     not reached");
  }, 300_000);

  it("prints one JSON report with --error-format json, and usage errors in the same format (exit 2)", async () => {
    const run = await check("extra.json", JSON.stringify({ ...REVIEW, admin_override: true }), "--error-format", "json");
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ response: "extra.json", tool: "review_status", outcome: "failure", agentResult: { outcome: "failure", error: { code: "INVALID_RESPONSE" } } });
    expect(report.layers.find((l: { layer: string }) => l.layer === "schema")).toEqual({ layer: "schema", verdict: "failed", detail: "1 errors" });
    expect(report.schemaErrors[0]).toMatchObject({ instancePath: "", keyword: "additionalProperties", params: { additionalProperty: "admin_override" } });
    const usage = await runBuiltCli(project.dir, "check", "review_status", "extra.json", "--now", "yesterday", "--error-format", "json");
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr)).toEqual([{ severity: "error", message: '--now "yesterday" is not an RFC 3339 date-time' }]);
  }, 300_000);
});
