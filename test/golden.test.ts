import type { CompileOutput } from "@toolgate/compiler";
import { readdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileDir, repoRoot } from "./support/project.js";
import { readTree } from "./support/tree.js";

/**
 * Golden files: each case under test/fixtures/golden/<case>/ has specs/ and the exact expected/
 * output. `npm run golden:update` (TOOLGATE_UPDATE_GOLDEN=1) rewrites expected/ from the compiler.
 */

const GOLDEN = join(repoRoot, "test", "fixtures", "golden");
const UPDATE = process.env.TOOLGATE_UPDATE_GOLDEN === "1";
const CASES = readdirSync(GOLDEN, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

async function writeTree(dir: string, files: CompileOutput["files"]): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content, "utf8");
  }
}

describe("golden output", () => {
  it("has the four cases", () => {
    expect(CASES).toEqual(["allof", "nested", "opened", "shared-ref"]);
  });

  it.each(CASES)("%s: every generated file matches expected/ byte for byte", async (name) => {
    const result = await compileDir(join(GOLDEN, name, "specs"));
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const expectedDir = join(GOLDEN, name, "expected");
    if (UPDATE) await writeTree(expectedDir, result.files);
    const expected = await readTree(expectedDir);
    // Same file set first: a missing or an extra file fails here, by name.
    expect(result.files.map((f) => f.path)).toEqual([...expected.keys()]);
    for (const file of result.files) expect(file.content, file.path).toBe(expected.get(file.path));
  });

  it("warns about the explicitly opened object and keeps its index signature", async () => {
    const result = await compileDir(join(GOLDEN, "opened", "specs"));
    expect(result.diagnostics.filter((d) => d.code === "TG212").map((d) => [d.file, d.line, d.column])).toEqual([["specs/metric_value.yaml", 18, 7]]);
    expect(result.files.find((f) => f.path === "metric_value/types.ts")?.content).toContain("[k: string]: string | undefined;");
  });
});
