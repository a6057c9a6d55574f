import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compileTexts, repoRoot, scratchDir } from "./support/project.js";
import { schemaZoo } from "./support/schema-zoo.js";

/**
 * No schema may crash, hang or exhaust memory (issue 12): over generated schemas, compile() always
 * ends with files or error diagnostics, never a throw; and the real CLI ends with 0 or 1, never 3
 * or an abort (134), on the recursive schema that used to take it to 4.3 GB.
 */

const OUTPUT = { type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 10 } } };
const specText = (input: unknown): string =>
  JSON.stringify({ tool: "fuzz", version: 1, title: "Fuzz", description: "Generated.", input, output: OUTPUT, agent_view: ["id"], errors: [] });

const scratches: { dispose: () => Promise<void> }[] = [];
afterAll(async () => Promise.all(scratches.map((s) => s.dispose())));

describe("gen over generated schemas", () => {
  it("always ends with files or error diagnostics", async () => {
    await fc.assert(
      fc.asyncProperty(schemaZoo, async (input) => {
        const out = await compileTexts({ "specs/fuzz.json": specText(input) });
        const errors = out.diagnostics.filter((d) => d.severity === "error");
        expect(errors.length > 0 || out.files.length > 0).toBe(true);
        if (errors.length > 0) expect(out.files).toEqual([]);
      }),
      { numRuns: 8, seed: 12_2026 },
    );
  }, 600_000);

  it("ends the CLI with exit 0 or 1 on the recursive JSON-e-like schema", async () => {
    const scratch = await scratchDir("fuzz-cli");
    scratches.push(scratch);
    const schema = JSON.parse(await readFile(join(repoRoot, "test/fixtures/robustness/json-e-like.schema.json"), "utf8"));
    await mkdir(join(scratch.dir, "specs"));
    await writeFile(join(scratch.dir, "specs/fuzz.json"), specText(schema));
    const bin = join(repoRoot, "packages/cli/bin/toolgate.js");
    const run = promisify(execFile)(process.execPath, ["--max-old-space-size=1024", bin, "gen", "--quiet"], { cwd: scratch.dir, timeout: 120_000 });
    const { stdout } = await run;
    expect(stdout).toMatch(/^toolgate: 1 tools, \d+ files written/m);
  }, 180_000);
});
