import { generateText, stepCountIs, type Tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { ANSWERS, ARGS, bindingUnderTest, loopbackUpstream, MODEL_READS, NOW, readsAs } from "./support/binding-upstream.js";

/** What the model is given on each step (the messages, tool results included). */
type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A mock model that calls build_status once, then answers; it keeps every prompt it was given. */
function toolCallingModel(prompts: Prompt[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      const content = prompts.length === 1
        ? [{ type: "tool-call" as const, toolCallId: "call-1", toolName: "build_status", input: JSON.stringify(ARGS) }]
        : [{ type: "text" as const, text: "done" }];
      return { content, finishReason: { unified: prompts.length === 1 ? "tool-calls" : "stop", raw: undefined }, usage: USAGE, warnings: [] };
    },
  });
}

/** The tool result the model is given on its second step. */
function toolResultSent(prompts: Prompt[]): { type: string; value: string } {
  const part = prompts[1]!.find((m) => m.role === "tool")?.content[0];
  expect(part?.type).toBe("tool-result");
  return (part as { output: { type: string; value: string } }).output;
}

type Registry = { aiSdkTools: (upstreams: Record<string, unknown>, context?: unknown) => ToolSet };

/** One generateText turn: the mock model calls build_status from `tools`, then answers. */
async function runTurn(tools: ToolSet): Promise<Prompt[]> {
  const prompts: Prompt[] = [];
  await generateText({ model: toolCallingModel(prompts), tools, prompt: "Did the build pass?", stopWhen: stepCountIs(2) });
  return prompts;
}

describe("the generated Vercel AI SDK binding, run by generateText with the SDK's mock model", () => {
  const under = bindingUnderTest<{ buildStatusTool: (upstream: unknown, context?: unknown) => Tool }, Registry>("ai-sdk");

  for (const [behaviour, answer] of Object.entries(ANSWERS)) {
    it(`gives the model exactly the agent result: ${behaviour}`, async () => {
      under.loopback.handle((_request, response) => answer(response));
      const prompts = await runTurn({ build_status: under.binding.buildStatusTool(loopbackUpstream(under.loopback), { now: () => NOW }) });
      expect(under.loopback.requests.map((r) => r.url)).toEqual(["/projects/bluebird/builds/a83f19c"]);
      const output = toolResultSent(prompts);
      const expected = MODEL_READS[behaviour]!;
      expect(output.type).toBe(expected.isError ? "error-text" : "text");
      expect(readsAs(output.value)).toEqual(expected.json);
      expect(output.value).not.toContain("IGNORE");
      expect(output.value).not.toContain("s3cr3t");
    });
  }

  it("builds the project's ToolSet by tool name: the model's pick from it runs with that tool's upstream", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const tools = under.registry.aiSdkTools({ build_status: loopbackUpstream(under.loopback) }, { now: () => NOW });
    expect(Object.keys(tools)).toEqual(["build_status"]);
    const output = toolResultSent(await runTurn(tools));
    expect([output.type, readsAs(output.value)]).toEqual(["text", MODEL_READS.good!.json]);
    expect(under.loopback.requests.map((r) => r.url)).toEqual(["/projects/bluebird/builds/a83f19c"]);
  });

  it("validates the model's arguments with the generated input validator", async () => {
    const tool = under.binding.buildStatusTool(loopbackUpstream(under.loopback));
    const schema = tool.inputSchema as { validate?: (value: unknown) => Promise<{ success: boolean }> | { success: boolean } };
    expect(await schema.validate?.(ARGS)).toMatchObject({ success: true });
    expect(await schema.validate?.({ ...ARGS, revision: "not a sha" })).toMatchObject({ success: false });
  });
});
