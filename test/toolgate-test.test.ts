import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, replaceInFile, runBuiltCli } from "./support/built-cli.js";

/** `toolgate test` through the built CLI, in a copy of the example project. */
describe("toolgate test", () => {
  let project: { dir: string; dispose: () => Promise<void> };
  const at = (path: string) => join(project.dir, path);
  const edit = (path: string, from: string, to: string) => replaceInFile(at(path), from, to);

  beforeAll(async () => {
    project = await copyProject("toolgate-test");
  });
  afterAll(() => project.dispose());

  it("passes every shipped fixture through the generated adapters, and writes a JUnit report", async () => {
    const run = await runBuiltCli(project.dir, "test", "--reporter", "junit", "--output", "reports/fixtures.xml");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("ok   specs/review_status.fixtures/seed-admin-override.yaml (failure INVALID_RESPONSE at schema)");
    expect(run.stdout).toMatch(/^toolgate: (\d+) fixtures, \1 passed, 0 failed$/m);
    // Then every tool's near misses, each refused at the layer it names.
    for (const tool of ["build_status", "deployment_status", "job_run_status", "review_status", "ssh_disk_usage"]) {
      expect(run.stdout).toMatch(new RegExp(`^\\| ${tool} \\| ([1-9]\\d*) \\| \\1 \\| 0 \\| 0 \\|$`, "m"));
    }
    const junit = await readFile(at("reports/fixtures.xml"), "utf8");
    expect(junit).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="toolgate" tests="\d+" failures="0">/);
    expect(junit).toContain('<testcase classname="deployment_status" name="specs/deployment_status.fixtures/seed-maintenance-banner.yaml"/>');
  }, 300_000);

  it("fails the run, naming the fixture, once the spec drops the maxLength a recorded near miss relies on", async () => {
    await mkdir(at("specs/job_run_status.fixtures"), { recursive: true });
    await writeFile(
      at("specs/job_run_status.fixtures/triggered-by-too-long.yaml"),
      [
        "description: A recorded near miss, triggered_by at maxLength + 1.",
        'upstream_version: "1"',
        'now: "2026-12-01T10:01:00Z"',
        "input: { project_id: bluebird, job: nightly }",
        "request_id: req.J7q94MkP",
        "raw: |",
        `  {"tool":"job_run_status","request_id":"req.J7q94MkP","outcome":"success","data":{"project_id":"bluebird","run_id":"run_8f2KqL0pZx91","state":"failed","observed_at":"2026-12-01T10:00:30Z","runs":[{"run_id":"run_8f2KqL0pZx91","state":"failed","started_at":"2026-12-01T09:40:00Z","triggered_by":"${"x".repeat(129)}"}]}}`,
        "expect: { outcome: failure, code: INVALID_RESPONSE, layer: schema }",
        "",
      ].join("\n"),
    );
    expect((await runBuiltCli(project.dir, "test", "--tool", "job_run_status")).code).toBe(0);
    await edit("specs/job_run_status.yaml", "triggered_by: { type: string, maxLength: 128 }", "triggered_by: { type: string }");
    expect((await runBuiltCli(project.dir, "gen", "--quiet")).code).toBe(0);
    const run = await runBuiltCli(project.dir, "test", "--tool", "job_run_status");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("FAIL specs/job_run_status.fixtures/triggered-by-too-long.yaml: expected failure INVALID_RESPONSE at schema, got success");
    expect(run.stdout).toMatch(/^toolgate: \d+ fixtures, \d+ passed, 1 failed$/m);
  }, 600_000);

  it("fails the run, naming the fixture, once the spec opens an object (GitHub annotations)", async () => {
    // The admin_override fixture, made complete otherwise, is refused only for its undeclared member.
    await edit("specs/review_status.yaml", "  required: [change_id, decision, reviewed_by, observed_at]\n", "  required: [change_id, decision, reviewed_by, observed_at]\n  additionalProperties: true\n");
    await edit("specs/review_status.yaml", "version: 3", "version: 4");
    expect((await runBuiltCli(project.dir, "gen", "--quiet")).code).toBe(0);
    await writeFile(
      at("specs/review_status.fixtures/seed-admin-override.yaml"),
      (await readFile(at("specs/review_status.fixtures/seed-admin-override.yaml"), "utf8")).replace('{ "decision"', '{ "change_id": "CR-1042", "reviewed_by": "alice", "observed_at": "2026-12-01T09:58:00Z", "decision"'),
    );
    const run = await runBuiltCli(project.dir, "test", "--tool", "review_status", "--error-format", "github");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("::error file=specs/review_status.fixtures/seed-admin-override.yaml,line=1,title=fixture::expected failure INVALID_RESPONSE at schema, got success");
  }, 600_000);

  it("refuses stale generated code with exit 2 before running anything", async () => {
    await edit("specs/deployment_status.yaml", "max_age: 1m", "max_age: 2m");
    const run = await runBuiltCli(project.dir, "test");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolgate: generated is out of date against specs \(\d+ files\); run `npx toolgate gen` first$/);
    expect(run.stdout).toBe("");
  }, 300_000);

  it("reports a malformed fixture at its line and column (TG7xx), as JSON on request", async () => {
    expect((await runBuiltCli(project.dir, "gen", "--quiet")).code).toBe(0);
    await writeFile(at("specs/deployment_status.fixtures/broken.yaml"), 'upstream_version: "2"\nnow: tomorrow\ninput: {}\nraw: "{}"\nexpect: { outcome: success, data: {}, dat: 1 }\n');
    await mkdir(at("specs/nosuch_tool.fixtures"), { recursive: true });
    await writeFile(at("specs/nosuch_tool.fixtures/a.yaml"), "raw: x\n");
    const run = await runBuiltCli(project.dir, "test", "--error-format", "json");
    expect(run.code).toBe(1);
    const found = (JSON.parse(run.stderr) as { code: string; file: string; line: number; column: number }[]).map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`);
    expect(found).toEqual([
      "specs/deployment_status.fixtures/broken.yaml:2:1 TG703",
      "specs/deployment_status.fixtures/broken.yaml:5:39 TG701",
      "specs/nosuch_tool.fixtures/a.yaml:1:1 TG704",
    ]);
  }, 300_000);

  it("treats an unknown --tool and a --reporter without --output as usage errors", async () => {
    expect(await runBuiltCli(project.dir, "test", "--reporter", "junit")).toMatchObject({ code: 2, stderr: "toolgate: --reporter junit and --output <file> go together" });
  });
});
