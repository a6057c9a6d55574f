import { _, jsdoc } from "../../codegen/code.js";
import type { GeneratedFile } from "../../codegen/file.js";
import { runtime } from "../../codegen/file.js";
import type { ToolIR } from "../../ir/types.js";
import { bindingParts } from "./binding-file.js";

/**
 * LangChain.js (`@langchain/core`): a structured tool, `tool(fn, { name, description, schema })`, with
 * the tool's JSON Schema. Invoked with a ToolCall it returns a ToolMessage: the agent view, or the
 * failure envelope with `status: "error"`; invoked with bare arguments, the same text.
 */
export function emitLangChainBinding(tool: ToolIR): GeneratedFile {
  const p = bindingParts(tool, "langchain", "@langchain/core/tools");
  const lcTool = p.framework("tool");
  const toolMessage = p.file.import({ from: { module: "@langchain/core/messages" }, name: "ToolMessage", typeOnly: false });
  const mcp = p.definition("mcpTool");
  const modelText = p.file.import(runtime("modelText"));
  p.file.write(_`${jsdoc(`The LangChain.js structured tool of ${tool.tool}. \`upstream\` reaches the upstream with the validated input;\nthe model receives the agent view, or the failure envelope as an error ToolMessage.`)}
export function ${p.factory}(upstream: ${p.upstreamFn}<${p.input}>, context?: ${p.context}) {
  return ${lcTool}(
    async (args: unknown, config) => {
      const { text, isError } = ${modelText}(await ${p.runTool}(${p.adapter}, args, upstream, context));
      const id = config.toolCall?.id;
      return id === undefined ? text : new ${toolMessage}({ content: text, tool_call_id: id, name: ${mcp}.name, status: isError ? "error" : "success" });
    },
    { name: ${mcp}.name, description: ${mcp}.description, schema: ${mcp}.inputSchema },
  );
}
`);
  return p.file;
}
