import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildStatusWithBindings } from "./support/binding-upstream.js";
import { typeCheck } from "./support/typecheck.js";

describe("the generated framework bindings", () => {
  it("type-check against the real packages' types under the repo's strict options", async () => {
    const project = await buildStatusWithBindings("binding-types", ["ai-sdk", "anthropic", "langchain", "openai-agents"]);
    try {
      const bindings = project.out.files.filter((f) => f.path.includes("/bindings/")).map((f) => f.path);
      expect(bindings).toEqual(["ai-sdk", "anthropic", "langchain", "openai-agents"].map((target) => `build_status/bindings/${target}.ts`));
      expect(typeCheck(bindings.map((path) => join(project.dir, path)))).toEqual([]);
    } finally {
      await project.dispose();
    }
  }, 120_000);

  it("are written only for the frameworks a spec lists", async () => {
    const project = await buildStatusWithBindings("binding-none", []);
    try {
      expect(project.out.files.filter((f) => f.path.includes("/bindings/"))).toEqual([]);
    } finally {
      await project.dispose();
    }
  });
});
