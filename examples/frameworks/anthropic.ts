import Anthropic from "@anthropic-ai/sdk";
import { buildStatusTool, runToolUse } from "../../generated/build_status/bindings/anthropic.js";
import { buildService } from "./upstream.js";

export async function askAnthropic(client: Anthropic, baseUrl: string): Promise<Anthropic.Message> {
  const ask = { model: "claude-sonnet-4-5", max_tokens: 1024, tools: [buildStatusTool] };
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Did revision a83f19c of bluebird pass?" }];
  const reply = await client.messages.create({ ...ask, messages });
  const results = [];
  for (const block of reply.content) if (block.type === "tool_use") results.push(await runToolUse(block, buildService(baseUrl)));
  if (results.length === 0) return reply;
  return client.messages.create({ ...ask, messages: [...messages, { role: "assistant", content: reply.content }, { role: "user", content: results }] });
}
