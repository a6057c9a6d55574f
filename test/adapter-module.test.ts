import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * Issue 19 (cold start): a tool's validators live in its adapter module, so loading a tool loads one
 * module, and validate.ts re-exports them. Tool names that the validators' code would collide with
 * get other bindings (`v1`, `issues`) or, where the code spells the name itself (`formats`) or the
 * export would clash (`validate_output`), the two-module layout. Every layout type-checks and
 * gives the same answers.
 */

const spec = (tool: string, output: unknown): string =>
  JSON.stringify({ tool, version: 1, description: "Reads one record.", input: { type: "object" }, output, agent_view: ["id"] });
const OUTPUT = {
  type: "object",
  required: ["id", "at"],
  properties: { id: { type: "string", pattern: "^r[0-9]+$", maxLength: 8 }, at: { type: "string", format: "date-time" }, n: { type: "integer" } },
};
const TOOLS: Record<string, { output: unknown; folded: boolean }> = {
  plain_record: { output: OUTPUT, folded: true },
  v1: { output: OUTPUT, folded: true },
  issues: { output: OUTPUT, folded: true },
  members: { output: OUTPUT, folded: true },
  formats: { output: OUTPUT, folded: false },
  validate_output: { output: OUTPUT, folded: false },
};

let project: GeneratedProject;
beforeAll(async () => {
  const specs = Object.fromEntries(Object.entries(TOOLS).map(([tool, { output }]) => [`specs/${tool}.json`, spec(tool, output)]));
  project = await generateProject("adapter-module", specs);
}, 120_000);
afterAll(() => project.dispose());

const content = (path: string): string => project.out.files.find((f) => f.path === path)!.content;

describe("the validators in the adapter module", () => {
  it("type-checks every layout", () => {
    const files = project.out.files.filter((f) => f.path.endsWith(".ts")).map((f) => join(project.dir, f.path));
    expect(typeCheck(files)).toEqual([]);
  }, 120_000);

  it.each(Object.entries(TOOLS))("%s: the adapter imports no validate.ts exactly when it holds the validators", (tool, { folded }) => {
    expect(content(`${tool}/adapter.ts`).includes('from "./validate.js"')).toBe(!folded);
    expect(content(`${tool}/validate.ts`).includes('from "./adapter.js"')).toBe(folded);
    expect(content(`${tool}/adapter.ts`).includes("toValidator(")).toBe(folded);
  });

  it.each(Object.entries(TOOLS))("%s: validate.ts and the adapter answer alike", async (tool) => {
    const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>(`${tool}/validate.ts`);
    const adapter = await project.adapter(tool.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()));
    const valid = { id: "r1", at: "2026-12-02T10:00:00Z" };
    const invalid = { id: "x1", at: "2026-12-02T10:00:00Z" };
    expect([validateOutput(valid), validateOutput(invalid), validateOutput({ ...valid, extra: 1 })]).toEqual([true, false, false]);
    for (const [data, outcome] of [[valid, "success"], [invalid, "failure"]] as const) {
      const started = adapter.call({});
      if (!started.ok) throw new Error("call refused");
      expect(adapter.adapt(JSON.stringify(data), started.call).outcome).toBe(outcome);
    }
  });
});
