import { toolScope } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { anthropicTools, geminiFunctionDeclarations, mcpTools, openaiChatTools, openaiResponsesTools } from "../generated/definitions.js";
import { adapters, type ToolName } from "../generated/index.js";

/** The allowed tool set is restricted per task, in what the model sees and in what is dispatched. */

describe("toolScope", () => {
  const scope = toolScope<ToolName>(["review_status", "job_run_status"]);

  it("gives every vendor's list the same two tools, in the list's order", () => {
    const names = [mcpTools, anthropicTools, geminiFunctionDeclarations, openaiResponsesTools].map((list: readonly { name: string }[]) => scope.definitions(list).map((t) => t.name));
    expect(names).toEqual(Array(4).fill(["job_run_status", "review_status"]));
    expect(scope.definitions(openaiChatTools).map((t) => t.function.name)).toEqual(["job_run_status", "review_status"]);
    expect(mcpTools).toHaveLength(Object.keys(adapters).length);
  });

  it("dispatches only what the task allows", () => {
    const dispatch = (name: string) => (scope.allows(name) ? adapters[name].tool : "refused");
    expect(["review_status", "ssh_disk_usage", "__proto__", "job_run_status"].map(dispatch)).toEqual(["review_status", "refused", "refused", "job_run_status"]);
  });

  it("refuses a scope naming a tool the list does not define, and a misspelt name at compile time", () => {
    const fromConfig = toolScope(["review_status", "deploy_prod"]);
    expect(() => fromConfig.definitions(mcpTools)).toThrow('no definition for "deploy_prod" in this list');
    // @ts-expect-error -- "review_statsu" is no ToolName
    toolScope<ToolName>(["review_statsu"]);
  });
});
