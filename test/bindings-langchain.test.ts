import { AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { ToolInputParsingException, type DynamicStructuredTool, type StructuredTool } from "@langchain/core/tools";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { describe, expect, it } from "vitest";
import { mcpTool } from "../generated/build_status/definitions.js";
import { ANSWERS, ARGS, bindingUnderTest, loopbackUpstream, MODEL_READS, NOW, readsAs } from "./support/binding-upstream.js";

type ToolFactory = (upstream: unknown, context?: unknown) => DynamicStructuredTool;
type Registry = { langchainTools: (upstreams: Record<string, unknown>, context?: unknown) => StructuredTool[] };

const TOOL_CALL = { id: "call_1", name: "build_status", args: ARGS, type: "tool_call" as const };

/** LangChain's fake chat model, bound to `tool`, that asks for build_status; `seen` keeps every message list it is given. */
function toolCallingModel(tool: DynamicStructuredTool, seen: BaseMessage[][]) {
  const model = new FakeStreamingChatModel({ chunks: [new AIMessageChunk({ content: "", tool_calls: [TOOL_CALL] })] });
  const callbacks = [{ handleChatModelStart: (_llm: unknown, messages: BaseMessage[][]) => void seen.push(messages[0]!) }];
  return model.bindTools([tool]).withConfig({ callbacks });
}

/** One turn: the model's tool call, run through the tool's invoke, then the conversation back to the model. */
async function runTurn(tool: DynamicStructuredTool): Promise<BaseMessage[][]> {
  const seen: BaseMessage[][] = [];
  const model = toolCallingModel(tool, seen);
  const human = new HumanMessage("Did the build pass?");
  const ai = await model.invoke([human]);
  const results: ToolMessage[] = [];
  for (const call of ai.tool_calls ?? []) results.push((await tool.invoke(call)) as ToolMessage);
  await model.invoke([human, ai, ...results]);
  return seen;
}

describe("the generated LangChain.js binding, with LangChain's fake chat model calling it", () => {
  const under = bindingUnderTest<{ buildStatusTool: ToolFactory }, Registry>("langchain");

  for (const [behaviour, answer] of Object.entries(ANSWERS)) {
    it(`gives the model exactly the agent result: ${behaviour}`, async () => {
      under.loopback.handle((_request, response) => answer(response));
      const seen = await runTurn(under.binding.buildStatusTool(loopbackUpstream(under.loopback), { now: () => NOW }));
      expect(under.loopback.requests.map((r) => r.url)).toEqual(["/projects/bluebird/builds/a83f19c"]);
      const sent = seen[1]!.at(-1)!;
      const expected = MODEL_READS[behaviour]!;
      expect(ToolMessage.isInstance(sent)).toBe(true);
      const message = sent as ToolMessage;
      expect([message.tool_call_id, message.name, message.status]).toEqual(["call_1", "build_status", expected.isError ? "error" : "success"]);
      expect(readsAs(message.content as string)).toEqual(expected.json);
      expect(message.content).not.toContain("IGNORE");
      expect(message.content).not.toContain("s3cr3t");
    });
  }

  it("is bound to the model with the tool's JSON Schema, and answers bare arguments with the same text", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const tool = under.binding.buildStatusTool(loopbackUpstream(under.loopback), { now: () => NOW });
    const bound = toolCallingModel(tool, []) as unknown as { config: { tools: { function: { name: string; parameters: unknown } }[] } };
    expect(bound.config.tools.map((t) => [t.function.name, t.function.parameters])).toEqual([["build_status", mcpTool.inputSchema]]);
    expect(readsAs((await tool.invoke(ARGS)) as string)).toEqual(MODEL_READS.good!.json);
  });

  it("builds the project's StructuredTool[]: the model's tool call, invoked on the tool of its name, answers as the tool's own", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const tools = under.registry.langchainTools({ build_status: loopbackUpstream(under.loopback) }, { now: () => NOW });
    expect(tools.map((t) => t.name)).toEqual(["build_status"]);
    const picked = tools.find((t) => t.name === TOOL_CALL.name) as DynamicStructuredTool;
    const sent = (await runTurn(picked))[1]!.at(-1) as ToolMessage;
    expect([sent.tool_call_id, sent.status, readsAs(sent.content as string)]).toEqual(["call_1", "success", MODEL_READS.good!.json]);
  });

  it("leaves arguments outside the JSON Schema to LangChain's own check: it throws before the upstream is reached", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const tool = under.binding.buildStatusTool(loopbackUpstream(under.loopback));
    await expect(tool.invoke({ ...TOOL_CALL, args: { ...ARGS, revision: "HEAD" } })).rejects.toBeInstanceOf(ToolInputParsingException);
    expect(under.loopback.requests).toEqual([]);
  });
});
