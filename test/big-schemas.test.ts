import { compile, type Emitter } from "@toolgate/compiler";
import type { Validator } from "@toolgate/runtime";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";
import { compileTexts, repoRoot } from "./support/project.js";

/**
 * Schemas found in the wild that used to exhaust the compiler (issue 12): a recursive schema whose
 * shape walk grew as 4^12, and an enum whose `||` chain overflowed the formatter's stack.
 */

const OUTPUT = { type: "object", required: ["id"], properties: { id: { type: "string", maxLength: 10 } } };
const specWith = (input: unknown): string =>
  JSON.stringify({ tool: "big", version: 1, title: "Big", description: "A big schema.", input, output: OUTPUT, agent_view: ["id"], errors: [] });

const projects: GeneratedProject[] = [];
afterAll(async () => Promise.all(projects.map((p) => p.dispose())));

describe("schemas that used to exhaust the compiler", () => {
  it("compiles a self-recursive schema with wide oneOfs (JSON-e's structure) within a bounded manifest", async () => {
    const schema = JSON.parse(await readFile(join(repoRoot, "test/fixtures/robustness/json-e-like.schema.json"), "utf8"));
    const out = await compileTexts({ "specs/big.json": specWith(schema) });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const manifest = out.files.find((f) => f.path === "toolgate.manifest.json")!;
    // The contract shape is cut after a node budget instead of growing with every recursive member.
    expect(manifest.content.length).toBeLessThan(2_000_000);
  }, 120_000);

  it("compiles an enum of 10,000 values into a Set lookup that accepts exactly those values", async () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `value_${i}`);
    const input = { type: "object", required: ["v"], properties: { v: { enum: [...values, 7, null, { nested: [1] }] } } };
    const project = await generateProject("big-enum", { "specs/big.json": specWith(input) });
    projects.push(project);
    expect(project.out.files.find((f) => f.path === "big/adapter.ts")!.content).toContain(".has(d");
    const { validateInput } = await project.load<{ validateInput: Validator }>("big/validate.ts");
    for (const v of ["value_0", "value_9999", 7, null, { nested: [1] }]) expect(validateInput({ v }), JSON.stringify(v)).toBe(true);
    for (const v of ["value_10000", "7", 0, { nested: [2] }, [1]]) expect(validateInput({ v }), JSON.stringify(v)).toBe(false);
  }, 120_000);
});

describe("the per-spec compile budget", () => {
  it("ends a spec with too many schema nodes in TG260 at its tool key, before any emitter runs", async () => {
    const properties = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`p${i}`, { type: "string" }]));
    const text = specWith({ type: "object", properties });
    const out = await compileTexts({ "specs/big.json": text, "specs/small.json": specWith({ type: "object" }).replace('"big"', '"small"') });
    const errors = out.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.code, d.file, d.line, d.column])).toEqual([["TG260", "specs/big.json", 1, text.indexOf('"tool"') + 1]]);
    expect(errors[0]!.message).toMatch(/: \d+ schema nodes \(at most 20000\)$/);
    expect(out.files).toEqual([]);
  }, 120_000);

  it("counts enum values too", async () => {
    const out = await compileTexts({ "specs/big.json": specWith({ type: "object", properties: { v: { enum: Array.from({ length: 100_001 }, (_, i) => i) } } }) });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["TG260"]);
  }, 120_000);
});

describe("an internal error", () => {
  const files = new Map([["specs/big.json", specWith({ type: "object" })], ["specs/small.json", specWith({ type: "object" }).replace('"big"', '"small"')]]);
  const overflow = (): never => {
    throw new RangeError("Maximum call stack size exceeded");
  };

  it("names the spec a project emitter failed on", async () => {
    const failing: Emitter = {
      name: "failing",
      scope: "project",
      emit: (project) => (project.tools.some((t) => t.tool === "small") ? overflow() : { files: [], diagnostics: [] }),
    };
    await expect(compile({ files, specs: [...files.keys()] }, [failing])).rejects.toThrow("specs/small.json: Maximum call stack size exceeded");
  });

  it("names the spec a tool emitter failed on", async () => {
    const failing: Emitter = {
      name: "failing",
      scope: "tool",
      emit: ({ tool }) => (tool.tool === "small" ? overflow() : { files: [], diagnostics: [] }),
    };
    await expect(compile({ files, specs: [...files.keys()] }, [failing])).rejects.toThrow("specs/small.json: Maximum call stack size exceeded");
  });
});
