import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { buildStatusTool } from "../../generated/build_status/bindings/langchain.js";
import { buildService } from "./upstream.js";

export async function askLangChain(model: BaseChatModel, baseUrl: string): Promise<BaseMessage> {
  const tool = buildStatusTool(buildService(baseUrl));
  const withTools = model.bindTools!([tool]);
  const messages: BaseMessage[] = [new HumanMessage("Did revision a83f19c of bluebird pass?")];
  const reply = await withTools.invoke(messages);
  const results = await Promise.all((reply.tool_calls ?? []).map((call) => tool.invoke(call)));
  return results.length === 0 ? reply : withTools.invoke([...messages, reply, ...results]);
}
