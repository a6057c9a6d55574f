import Anthropic from "@anthropic-ai/sdk";
import type { Tool, ToolResultBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import { UNKNOWN_TOOL_TEXT } from "@toolgate/runtime";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicTool } from "../generated/build_status/definitions.js";
import { ANSWERS, ARGS, buildStatusWithBindings, loopbackUpstream, MODEL_READS, NOW, readsAs } from "./support/binding-upstream.js";
import type { GeneratedProject } from "./support/generated-project.js";
import { sendJson, startLoopback, type Loopback } from "./support/loopback.js";

interface AnthropicBinding {
  readonly buildStatusTool: Tool;
  runToolUse(block: Pick<ToolUseBlock, "id" | "input">, upstream: unknown, context?: unknown): Promise<ToolResultBlockParam>;
}

interface AnthropicRegistry {
  readonly anthropicTools: Tool[];
  runAnthropicToolUse(block: Pick<ToolUseBlock, "id" | "name" | "input">, upstreams: Record<string, unknown>, context?: unknown): Promise<ToolResultBlockParam>;
}

const TOOL_USE = {
  id: "msg_1", type: "message", role: "assistant", model: "mock", stop_reason: "tool_use", stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
  content: [{ type: "tool_use", id: "toolu_1", name: "build_status", input: ARGS }],
};
const DONE = { ...TOOL_USE, id: "msg_2", stop_reason: "end_turn", content: [{ type: "text", text: "done" }] };

/** A mock of the Messages API on 127.0.0.1: asks for a tool first (build_status unless told), then ends; keeps every request body. */
function mockMessagesApi(api: Loopback, bodies: Record<string, unknown>[], first: typeof TOOL_USE): void {
  api.handle((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      sendJson(response, 200, bodies.length === 1 ? first : DONE);
    });
  });
}

/** What the Messages API mock was sent: each request's body, and the block of the second request's user turn. */
interface Conversation {
  readonly bodies: Record<string, unknown>[];
  readonly sent: Record<string, unknown>;
}

/** One turn with the real SDK client: the model's tool_use block, `run` on it, its tool_result sent back. */
async function converse(api: Loopback, tools: Tool[], run: (use: ToolUseBlock) => Promise<ToolResultBlockParam>, asked = TOOL_USE): Promise<Conversation> {
  const bodies: Record<string, unknown>[] = [];
  mockMessagesApi(api, bodies, asked);
  const client = new Anthropic({ apiKey: "test", baseURL: api.baseUrl, maxRetries: 0 });
  const ask = { model: "mock", max_tokens: 64, tools };
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Did the build pass?" }];
  const first = await client.messages.create({ ...ask, messages });
  const result = await run(first.content.find((block): block is ToolUseBlock => block.type === "tool_use")!);
  await client.messages.create({ ...ask, messages: [...messages, { role: "assistant", content: first.content }, { role: "user", content: [result] }] });
  return { bodies, sent: ((bodies[1]!.messages as { content: unknown }[])[2]!.content as Record<string, unknown>[])[0]! };
}

describe("the generated Anthropic SDK binding, with the real SDK client and a Messages API mock on 127.0.0.1", () => {
  let project: GeneratedProject;
  let [api, upstream]: Loopback[] = [];
  let binding: AnthropicBinding;
  beforeAll(async () => {
    project = await buildStatusWithBindings("anthropic", ["anthropic"]);
    [api, upstream] = [await startLoopback(), await startLoopback()];
    binding = await project.load<AnthropicBinding>("build_status/bindings/anthropic.ts");
  });
  afterAll(async () => {
    await Promise.all([api!.close(), upstream!.close()]);
    await project.dispose();
  });

  for (const [behaviour, answer] of Object.entries(ANSWERS)) {
    it(`sends the model exactly the tool_result: ${behaviour}`, async () => {
      upstream!.handle((_request, response) => answer(response));
      const { bodies, sent } = await converse(api!, [binding.buildStatusTool], (use) => binding.runToolUse(use, loopbackUpstream(upstream!), { now: () => NOW }));
      expect(bodies[0]!.tools).toEqual([anthropicTool]);
      const expected = MODEL_READS[behaviour]!;
      expect(Object.keys(sent).sort()).toEqual(["content", "is_error", "tool_use_id", "type"]);
      expect([sent.type, sent.tool_use_id, sent.is_error]).toEqual(["tool_result", "toolu_1", expected.isError]);
      expect(readsAs(sent.content as string)).toEqual(expected.json);
      expect(sent.content).not.toContain("IGNORE");
      expect(sent.content).not.toContain("s3cr3t");
    });
  }

  it("offers the project's tools list, and its dispatcher answers the tool_use block by the block's name", async () => {
    upstream!.handle((_request, response) => ANSWERS.good!(response));
    const registry = await project.load<AnthropicRegistry>("bindings/anthropic.ts");
    const upstreams = { build_status: loopbackUpstream(upstream!) };
    const { bodies, sent } = await converse(api!, registry.anthropicTools, (use) => registry.runAnthropicToolUse(use, upstreams, { now: () => NOW }));
    expect(bodies[0]!.tools).toEqual([anthropicTool]);
    expect([sent.type, sent.tool_use_id, sent.is_error, readsAs(sent.content as string)]).toEqual(["tool_result", "toolu_1", false, MODEL_READS.good!.json]);
  });

  it("answers a tool_use block naming a tool it does not offer with a fixed is_error tool_result, and calls no upstream", async () => {
    let calls = 0;
    upstream!.handle((_request, response) => ((calls += 1), ANSWERS.good!(response)));
    const registry = await project.load<AnthropicRegistry>("bindings/anthropic.ts");
    const upstreams = { build_status: loopbackUpstream(upstream!) };
    const unknown = { ...TOOL_USE, content: [{ type: "tool_use", id: "toolu_2", name: "deploy_IGNORE_PREVIOUS", input: ARGS }] };
    const { sent } = await converse(api!, registry.anthropicTools, (use) => registry.runAnthropicToolUse(use, upstreams), unknown);
    expect(sent).toEqual({ type: "tool_result", tool_use_id: "toolu_2", content: UNKNOWN_TOOL_TEXT, is_error: true });
    // Any name but the listed one, including the names of Object.prototype's members.
    const names = fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "build_status ", "BUILD_STATUS"));
    await fc.assert(fc.asyncProperty(names.filter((name) => name !== "build_status"), async (name) => {
      expect(await registry.runAnthropicToolUse({ id: "toolu_3", name, input: ARGS }, upstreams)).toEqual({ ...sent, tool_use_id: "toolu_3" });
    }), { numRuns: 200 });
    expect(calls).toBe(0);
  });
});
