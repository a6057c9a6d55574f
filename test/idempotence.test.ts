import { compile } from "@toolgate/compiler";
import { cp, mkdir } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, type Io } from "@toolgate/cli";
import { repoRoot, specsInput, tempDir } from "./support/project.js";
import { readTree } from "./support/tree.js";

/** Same input, same bytes: twice in one process, and from two checkouts at different absolute paths. */

const SPECS = join(repoRoot, "specs");
const silent: Io = { stdout: () => {}, stderr: () => {} };

describe("compile", () => {
  it("gives identical bytes twice and leaves its input untouched", async () => {
    // What the CLI passes for this repo: paths relative to the specs directory's parent.
    const input = { ...(await specsInput(SPECS)), outDir: "generated" };
    expect(input.hooks?.path).toBe("specs/hooks.ts");
    const snapshot = () => structuredClone({ ...input, files: [...input.files], specs: [...input.specs] });
    const before = snapshot();
    const first = await compile(input);
    const second = await compile(input);
    expect(first.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(first.files.length).toBeGreaterThan(10);
    expect(second.files).toEqual(first.files);
    expect(snapshot()).toEqual(before);
  });
});

describe("toolgate gen in two checkouts", () => {
  const checkouts: { dir: string; dispose: () => Promise<void> }[] = [];
  const trees: Map<string, string>[] = [];

  beforeAll(async () => {
    // Different prefixes and depths, so no path-derived text can coincide.
    for (const nested of ["a", "deeper/b"]) {
      const tmp = await tempDir(`idem-${basename(nested)}`);
      checkouts.push(tmp);
      const root = join(tmp.dir, nested);
      await mkdir(root, { recursive: true });
      await cp(SPECS, join(root, "specs"), { recursive: true });
      expect(await main(["gen", "--specs", join(root, "specs"), "--out", join(root, "generated"), "--quiet"], silent)).toBe(0);
      trees.push(await readTree(join(root, "generated")));
    }
  });

  afterAll(() => Promise.all(checkouts.map((c) => c.dispose())));

  it("writes byte-identical output trees", () => {
    expect(trees[0]!.size).toBeGreaterThan(10);
    expect([...trees[1]!]).toEqual([...trees[0]!]);
  });

  it("writes no absolute path, temp dir name, CR or today's date", () => {
    const now = new Date();
    const forbidden = [
      repoRoot,
      tmpdir(),
      homedir(),
      ...checkouts.map((c) => basename(c.dir)),
      "\r",
      now.toISOString().slice(0, 10),
      `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`,
    ];
    const found = [...trees[0]!].flatMap(([path, content]) => forbidden.filter((text) => content.includes(text)).map((text) => `${path}: ${JSON.stringify(text)}`));
    expect(found).toEqual([]);
  });
});
