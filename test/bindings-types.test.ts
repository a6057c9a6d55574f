import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildStatusWithBindings } from "./support/binding-upstream.js";
import { generateProject } from "./support/generated-project.js";
import { typeCheck } from "./support/typecheck.js";

const TARGETS = ["ai-sdk", "anthropic", "langchain", "openai-agents"];

/** A tool whose arguments OpenAI strict mode cannot take (`oneOf`, TG503): its Agents SDK binding is `strict: false`. */
const NON_STRICT = JSON.stringify({
  tool: "pick_item",
  version: 1,
  description: "Reads one item by id. Changes nothing.",
  input: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[a-z]+$" }, tag: { oneOf: [{ type: "string", maxLength: 8 }, { type: "integer" }] } } },
  output: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[a-z]+$" } } },
  agent_view: ["id"],
  checks: [{ bind: "id" }],
  bindings: ["openai-agents"],
  upstream: { kind: "http", method: "GET", path: "/items/{id}" },
});

describe("the generated framework bindings", () => {
  it("type-check against the real packages' types under the repo's strict options, strict and non-strict, the per-framework lists with them", async () => {
    const [project, nonStrict] = [await buildStatusWithBindings("binding-types", TARGETS), await generateProject("binding-non-strict", { "specs/pick_item.json": NON_STRICT })];
    try {
      const bindings = project.out.files.filter((f) => f.path.includes("bindings/")).map((f) => f.path);
      expect(bindings).toEqual([...TARGETS.map((target) => `bindings/${target}.ts`), ...TARGETS.map((target) => `build_status/bindings/${target}.ts`)]);
      const agents = nonStrict.out.files.find((f) => f.path === "pick_item/bindings/openai-agents.ts")!;
      expect(agents.content).toContain("strict: false,");
      const files = [...bindings.map((path) => join(project.dir, path)), join(nonStrict.dir, agents.path)];
      expect(typeCheck(files)).toEqual([]);
    } finally {
      await Promise.all([project.dispose(), nonStrict.dispose()]);
    }
  }, 180_000);

  it("are written only for the frameworks a spec lists", async () => {
    const project = await buildStatusWithBindings("binding-none", []);
    try {
      expect(project.out.files.filter((f) => f.path.includes("bindings/"))).toEqual([]);
    } finally {
      await project.dispose();
    }
  });
});
