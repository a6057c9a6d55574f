import Anthropic from "@anthropic-ai/sdk";
import { anthropicTools, runAnthropicToolUse } from "../../generated/bindings/anthropic.js";
import { buildService } from "./upstream.js";

export async function askAnthropicRegistry(client: Anthropic, baseUrl: string): Promise<Anthropic.Message> {
  const upstreams = { build_status: buildService(baseUrl) };
  const ask = { model: "claude-sonnet-4-5", max_tokens: 1024, tools: anthropicTools };
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Did revision a83f19c of bluebird pass?" }];
  const reply = await client.messages.create({ ...ask, messages });
  const results = [];
  for (const block of reply.content) if (block.type === "tool_use") results.push(await runAnthropicToolUse(block, upstreams));
  if (results.length === 0) return reply;
  return client.messages.create({ ...ask, messages: [...messages, { role: "assistant", content: reply.content }, { role: "user", content: results }] });
}
