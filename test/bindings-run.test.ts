import { anthropicToolResult, modelText, runTool } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { buildStatus } from "../generated/build_status/adapter.js";

const ARGS = { project_id: "bluebird", revision: "a83f19c" };

describe("runTool, the core every framework binding calls", () => {
  it("never calls the upstream with arguments the input validator refuses", async () => {
    let called = false;
    const result = await runTool(buildStatus, { ...ARGS, revision: "HEAD" }, async () => ((called = true), "{}"));
    expect([called, result.outcome === "failure" && result.error.code]).toEqual([false, "INVALID_INPUT"]);
  });

  it("turns an upstream function that throws into a cut-off call, without its message", async () => {
    const result = await runTool(buildStatus, ARGS, async () => {
      throw new Error("socket hang up at 10.0.0.7");
    });
    expect(result.outcome === "failure" && result.error.code).toBe("TEMPORARY_FAILURE");
    expect(modelText(result).text).not.toContain("10.0.0.7");
  });

  it("passes a classified upstream failure on, with its Retry-After", async () => {
    const result = await runTool(buildStatus, ARGS, async () => ({ ok: false, code: "RATE_LIMITED", retryAfterSeconds: 3 }));
    expect(result.outcome === "failure" && [result.error.code, result.error.action]).toEqual(["RATE_LIMITED", "retry_after_delay"]);
  });

  it("builds Anthropic's tool_result block from a result", async () => {
    const result = await runTool(buildStatus, ARGS, async () => ({ ok: false, code: "NOT_FOUND" }));
    const block = anthropicToolResult("toolu_9", result);
    expect(block).toEqual({ type: "tool_result", tool_use_id: "toolu_9", content: modelText(result).text, is_error: true });
  });
});
