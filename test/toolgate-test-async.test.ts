import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, replaceInFile, runBuiltCli } from "./support/built-cli.js";

/** `toolgate gen` and `test` through the built CLI, in a copy of the example project whose review_status hook is async. */
describe("toolgate test with an async hook", () => {
  let project: { dir: string; dispose: () => Promise<void> };
  const at = (path: string) => join(project.dir, path);
  const edit = (path: string, from: string, to: string) => replaceInFile(at(path), from, to);

  beforeAll(async () => {
    project = await copyProject("toolgate-test-async");
    await edit("specs/review_status.yaml", "  - hook: reviewerIsKnown", "  - { hook: reviewerIsKnown, async: true, budget_ms: 1000 }");
    await edit(
      "specs/hooks.ts",
      "export function reviewerIsKnown(output: ReviewStatusOutput, _input: ReviewStatusInput): boolean {",
      "export async function reviewerIsKnown(output: ReviewStatusOutput, _input: ReviewStatusInput, _signal: AbortSignal): Promise<boolean> {",
    );
  }, 120_000);
  afterAll(() => project.dispose());

  it("generates an async review_status adapter and awaits it for every fixture", async () => {
    const gen = await runBuiltCli(project.dir, "gen", "--quiet");
    expect(gen.code).toBe(0);
    expect(await readFile(at("generated/review_status/adapter.ts"), "utf8")).toContain("createAsyncAdapter<");
    const run = await runBuiltCli(project.dir, "test", "--tool", "review_status");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^toolgate: (\d+) fixtures, \1 passed, 0 failed$/m);
    expect(run.stdout).toMatch(/^\| review_status \| ([1-9]\d*) \| \1 \| 0 \| 0 \|$/m);
  }, 300_000);
});
