import { compile, HEADER_PATTERN, setStageSink, type CompileOutput } from "@toolgate/compiler";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builderLayout } from "../packages/compiler/src/codegen/layout.js";
import { repoRoot, specsInput } from "./support/project.js";

// The files gen lays out itself instead of through Prettier (issue 15). Their bytes are not what
// Prettier would print; what holds them still is that the layout is a pure, idempotent function of
// the builder's text (codegen/layout.test.ts), so the same specs give the same bytes on every run.
// The project-level framework binding lists (bindings/<framework>.ts) too; per-tool bindings go through Prettier.
const BUILDER_LAID = /(^|\/)(validate|validate-view|adapter|client|select|definitions|index|lazy)\.ts$|^bindings\/[a-z-]+\.ts$/;

const stageCounts = async (run: () => Promise<CompileOutput>): Promise<{ out: CompileOutput; stages: Map<string, number> }> => {
  const stages = new Map<string, number>();
  setStageSink((stage) => stages.set(stage, (stages.get(stage) ?? 0) + 1));
  return { out: await run(), stages };
};

const body = (content: string): string => content.replace(HEADER_PATTERN, "").replace(/^\n/, "");

describe("the builder's layout", () => {
  afterEach(() => setStageSink(undefined));

  const projects = ["specs", "test/fixtures/golden/nested/specs", "test/fixtures/golden/allof/specs"];
  for (const dir of projects) {
    it(`lays out ${dir}'s validators, adapters, clients, selectors and definitions without Prettier`, async () => {
      const input = await specsInput(join(repoRoot, dir));
      const { out, stages } = await stageCounts(() => compile(input));
      expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const laid = out.files.filter((f) => BUILDER_LAID.test(f.path));
      expect(laid.length).toBeGreaterThan(0);
      // Every builder-laid file passed the scan: none fell back to Prettier.
      expect(stages.get("layout")).toBe(laid.length);
      expect(stages.has("prettier:builder")).toBe(false);
      for (const file of laid) expect(builderLayout(body(file.content)), file.path).toBe(body(file.content));
    });
  }

  it("gives the same bytes on a second compile", async () => {
    const input = await specsInput(join(repoRoot, "specs"));
    const [a, b] = [await compile(input), await compile(input)];
    expect(b.files).toEqual(a.files);
  });
});
