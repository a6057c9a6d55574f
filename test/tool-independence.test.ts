import { compile, type CompileOutput } from "@toolgate/compiler";
import fc from "fast-check";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readIfExists, readSpecTree } from "../packages/cli/src/files.js";
import { repoRoot } from "./support/project.js";

/**
 * Tool-scoped emitters see one tool at a time, so a tool's files cannot depend on which other tools
 * are compiled with it or in what order: the example specs give the same bytes listed in any order,
 * and compiled in two separate batches give the same per-tool files as in one.
 */
let tree: Awaited<ReturnType<typeof readSpecTree>>;
let hooks: { path: string; text: string };
let whole: CompileOutput;

const compileSpecs = (specs: readonly string[]): Promise<CompileOutput> => compile({ files: tree.files, specs, hooks });
const toolFiles = (out: CompileOutput) => out.files.filter((f) => f.path.includes("/"));

beforeAll(async () => {
  tree = await readSpecTree(join(repoRoot, "specs"), "specs");
  hooks = { path: "specs/hooks.ts", text: (await readIfExists(join(repoRoot, "specs/hooks.ts")))! };
  whole = await compileSpecs(tree.specs);
});

describe("compile() runs per-tool work independently", () => {
  it("compiles the example specs without errors", () => {
    expect(whole.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(tree.specs.length).toBeGreaterThan(2);
    expect(toolFiles(whole).length).toBeGreaterThan(tree.specs.length);
  });

  it("gives identical bytes whatever order the specs are listed in", async () => {
    const order = fc.shuffledSubarray([...tree.specs], { minLength: tree.specs.length });
    await fc.assert(
      fc.asyncProperty(order, async (specs) => {
        expect((await compileSpecs(specs)).files).toStrictEqual(whole.files);
      }),
      { numRuns: 3 },
    );
  });

  it("gives identical per-tool files when the tools are compiled in two separate batches", async () => {
    const sorted = [...tree.specs].sort();
    const half = Math.ceil(sorted.length / 2);
    const batches = await Promise.all([sorted.slice(half), sorted.slice(0, half)].map(compileSpecs));
    const batched = batches.flatMap(toolFiles).sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(batched).toStrictEqual(toolFiles(whole));
  });
});
