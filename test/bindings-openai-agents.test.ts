import { Agent, Runner, Usage, type FunctionTool, type Model, type ModelRequest, type ModelResponse, type Tool } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { openaiResponsesTool } from "../generated/build_status/definitions.js";
import { ANSWERS, ARGS, bindingUnderTest, exampleWithBindings, loopbackUpstream, MODEL_READS, NOW, readsAs } from "./support/binding-upstream.js";

type ToolFactory = (upstream: unknown, context?: unknown) => FunctionTool;
type Registry = { openaiAgentsTools: (upstreams: Record<string, unknown>, context?: unknown) => Tool[] };

/** A model (the SDK's `Model` interface) that calls `tool` once with `args`, then answers; it keeps every request. */
function toolCallingModel(requests: ModelRequest[], tool: string, args: unknown): Model {
  const respond = (output: ModelResponse["output"]): ModelResponse => ({ usage: new Usage(), output });
  return {
    async getResponse(request) {
      requests.push(request);
      if (requests.length > 1) return respond([{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }]);
      return respond([{ type: "function_call", callId: "call_1", name: tool, arguments: JSON.stringify(args), status: "completed" }]);
    },
    getStreamedResponse() {
      throw new Error("not streamed");
    },
  };
}

/** Runs one agent turn through the SDK's Runner, its model from a custom ModelProvider, calling `name` from `tools`; returns what the model was sent. */
async function runAgent(tools: Tool[], args: unknown, name = (tools[0] as FunctionTool).name): Promise<ModelRequest[]> {
  const requests: ModelRequest[] = [];
  const runner = new Runner({ modelProvider: { getModel: () => toolCallingModel(requests, name, args) }, tracingDisabled: true });
  await runner.run(new Agent({ name: "builds", instructions: "Answer about builds.", tools }), "Did the build pass?");
  return requests;
}

/** The text of the function_call_result the model is sent back (the Runner sends the tool's output as one text part). */
function toolOutput(request: ModelRequest): string {
  const item = (request.input as Record<string, unknown>[]).find((i) => i.type === "function_call_result")!;
  const { output, ...rest } = item as { output: { type: string; text: string } };
  expect([rest, output.type]).toEqual([{ type: "function_call_result", name: expect.any(String), callId: "call_1", status: "completed" }, "text"]);
  return output.text;
}

describe("the generated OpenAI Agents SDK binding, run by the SDK's Runner with a model of our own", () => {
  const under = bindingUnderTest<{ buildStatusTool: ToolFactory }, Registry>("openai-agents");

  for (const [behaviour, answer] of Object.entries(ANSWERS)) {
    it(`gives the model exactly the agent result: ${behaviour}`, async () => {
      under.loopback.handle((_request, response) => answer(response));
      const requests = await runAgent([under.binding.buildStatusTool(loopbackUpstream(under.loopback), { now: () => NOW })], ARGS);
      expect(under.loopback.requests.map((r) => r.url)).toEqual(["/projects/bluebird/builds/a83f19c"]);
      const text = toolOutput(requests[1]!);
      expect(readsAs(text)).toEqual(MODEL_READS[behaviour]!.json);
      expect(text).not.toContain("IGNORE");
      expect(text).not.toContain("s3cr3t");
    });
  }

  it("offers the model the strict parameters definitions.ts emits for OpenAI", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const [first] = await runAgent([under.binding.buildStatusTool(loopbackUpstream(under.loopback), { now: () => NOW })], ARGS);
    const offered = first!.tools.find((t) => t.type === "function") as { name: string; parameters: unknown; strict: boolean };
    expect([offered.name, offered.parameters, offered.strict]).toEqual(["build_status", openaiResponsesTool.parameters, true]);
  });

  it("gives the Runner the project's Tool[]: the model is offered each tool and reads the one it calls", async () => {
    under.loopback.handle((_request, response) => ANSWERS.good!(response));
    const tools = under.registry.openaiAgentsTools({ build_status: loopbackUpstream(under.loopback) }, { now: () => NOW });
    const requests = await runAgent(tools, ARGS, "build_status");
    expect(requests[0]!.tools.map((t) => (t as { name: string }).name)).toEqual(["build_status"]);
    expect(readsAs(toolOutput(requests[1]!))).toEqual(MODEL_READS.good!.json);
  });
});

describe("the OpenAI Agents SDK binding of a tool with an optional field", () => {
  it("takes strict mode's null for the omitted field as the omission, before call()", async () => {
    const project = await exampleWithBindings("ssh_disk_usage", "openai-agents-null", ["openai-agents"]);
    try {
      const { sshDiskUsageTool } = await project.load<{ sshDiskUsageTool: ToolFactory }>("ssh_disk_usage/bindings/openai-agents.ts");
      const inputs: unknown[] = [];
      const upstream = async (call: { input: unknown }) => (inputs.push(call.input), { ok: false, code: "UPSTREAM_UNAVAILABLE" });
      const requests = await runAgent([sshDiskUsageTool(upstream)], { host: "build-01", mount: null });
      expect(inputs).toEqual([{ host: "build-01" }]);
      expect((JSON.parse(toolOutput(requests[1]!)) as { error: { code: string } }).error.code).toBe("UPSTREAM_UNAVAILABLE");
    } finally {
      await project.dispose();
    }
  });
});
