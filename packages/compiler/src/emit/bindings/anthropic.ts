import { _, jsdoc } from "../../codegen/code.js";
import type { GeneratedFile } from "../../codegen/file.js";
import { runtime } from "../../codegen/file.js";
import type { ToolIR } from "../../ir/types.js";
import { bindingParts } from "./binding-file.js";

/** The runner each Anthropic binding module exports beside its definition. */
export const RUN_TOOL_USE = "runToolUse";

/**
 * Anthropic SDK: the `Tool` definition (typed by the SDK) and a runner from the model's `tool_use`
 * block to the `tool_result` block: the agent view as content, the failure envelope with `is_error`.
 */
export function emitAnthropicBinding(tool: ToolIR): GeneratedFile {
  const p = bindingParts(tool, "anthropic", "@anthropic-ai/sdk/resources/messages");
  const [toolType, toolUse, toolResult] = [p.framework("Tool", true), p.framework("ToolUseBlock", true), p.framework("ToolResultBlockParam", true)];
  const definition = p.definition("anthropicTool");
  const resultBlock = p.file.import(runtime("anthropicToolResult"));
  const run = p.file.name(RUN_TOOL_USE);
  p.file.write(_`${jsdoc(`The Messages API tools[] entry of ${tool.tool}, as the Anthropic SDK types it.`)}
export const ${p.factory}: ${toolType} = ${definition};

${jsdoc(`Runs the model's tool_use block of ${tool.tool} and returns the tool_result block to send back.`)}
export async function ${run}(block: Pick<${toolUse}, "id" | "input">, upstream: ${p.upstreamFn}<${p.input}>, context?: ${p.context}): Promise<${toolResult}> {
  return ${resultBlock}(block.id, await ${p.runTool}(${p.adapter}, block.input, upstream, context));
}
`);
  return p.file;
}
