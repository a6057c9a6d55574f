import { describe, expect, it } from "vitest";
import { adapters, isToolName, toolNames } from "../generated/index.js";
import { lazyToolNames, loadAdapter, type LazyToolName } from "../generated/lazy.js";

describe("the generated registries", () => {
  it("list every tool once, in name order, in both forms", () => {
    expect(toolNames).toEqual(["build_status", "deployment_status", "job_run_status", "review_status", "ssh_disk_usage"]);
    expect(lazyToolNames).toEqual(toolNames);
    expect(isToolName("review_status")).toBe(true);
    expect(isToolName("toString")).toBe(false);
  });

  it("load the same adapter lazily as eagerly", async () => {
    for (const name of toolNames) {
      const lazy = await loadAdapter(name);
      expect(lazy).toBe(adapters[name]);
      expect(lazy.tool).toBe(name);
    }
  });

  it("reject a name that is not a tool, including inherited property names", async () => {
    for (const name of ["nope", "toString", "__proto__", "constructor"]) {
      await expect(loadAdapter(name as LazyToolName)).rejects.toThrow(RangeError);
    }
  });
});
