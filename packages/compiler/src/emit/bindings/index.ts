import type { GeneratedFile } from "../../codegen/file.js";
import type { BindingTarget, ToolIR } from "../../ir/types.js";
import { emitted, type Emitter } from "../emitter.js";
import { emitAiSdkBinding } from "./ai-sdk.js";
import { emitAnthropicBinding } from "./anthropic.js";
import { emitLangChainBinding } from "./langchain.js";
import { emitOpenAIAgentsBinding } from "./openai-agents.js";

const BINDINGS: Readonly<Record<BindingTarget, (tool: ToolIR) => GeneratedFile>> = {
  "ai-sdk": emitAiSdkBinding,
  anthropic: emitAnthropicBinding,
  langchain: emitLangChainBinding,
  "openai-agents": emitOpenAIAgentsBinding,
};

/** `<tool>/bindings/<framework>.ts` for each framework the spec lists under `bindings:` (opt-in; none by default). */
export const bindingsEmitter: Emitter = {
  name: "bindings",
  scope: "tool",
  emit: ({ tool }) => emitted(tool.bindings.map((target) => BINDINGS[target](tool))),
};
