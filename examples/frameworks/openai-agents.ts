import { Agent, type Runner } from "@openai/agents";
import { buildStatusTool } from "../../generated/build_status/bindings/openai-agents.js";
import { buildService } from "./upstream.js";

export async function askOpenAIAgents(runner: Runner, baseUrl: string): Promise<string | undefined> {
  const agent = new Agent({ name: "builds", instructions: "Answer questions about builds.", tools: [buildStatusTool(buildService(baseUrl))] });
  const result = await runner.run(agent, "Did revision a83f19c of bluebird pass?");
  return result.finalOutput;
}
