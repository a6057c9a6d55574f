import { _, jsdoc } from "../../codegen/code.js";
import type { GeneratedFile } from "../../codegen/file.js";
import { runtime } from "../../codegen/file.js";
import { toolExport } from "../../codegen/names.js";
import type { ToolIR } from "../../ir/types.js";
import { bindingParts } from "./binding-file.js";
import { outputDirOf } from "../../ir/output-dir.js";

/**
 * Vercel AI SDK (`ai`): `tool({ description, inputSchema, execute, toModelOutput })`. The input
 * schema validates with the generated input validator; `execute` runs call → upstream → adapt; the
 * model reads the agent view, or the failure envelope as an error.
 */
export function emitAiSdkBinding(tool: ToolIR): GeneratedFile {
  const p = bindingParts(tool, "ai-sdk", "ai");
  const [aiTool, jsonSchema, toolType] = [p.framework("tool"), p.framework("jsonSchema"), p.framework("Tool", true)];
  const validateInput = p.file.import(toolExport(outputDirOf(tool), "validate.ts", "validateInput"));
  const modelText = p.file.import(runtime("modelText"));
  const mcp = p.definition("mcpTool");
  p.file.write(_`${jsdoc(`The AI SDK tool of ${tool.tool}. \`upstream\` reaches the upstream with the validated input;\nthe model receives the agent view, or the failure envelope as error text.`)}
export function ${p.factory}(upstream: ${p.upstreamFn}<${p.input}>, context?: ${p.context}): ${toolType}<${p.input}, ${p.agentResult()}<${p.agentView()}>> {
  return ${aiTool}({
    description: ${mcp}.description,
    inputSchema: ${jsonSchema}<${p.input}>(${mcp}.inputSchema, {
      // The generated validator; the error names no value (the model repairs from the schema).
      validate: (value) => (${validateInput}(value) ? { success: true, value: value as ${p.input} } : { success: false, error: new Error("the arguments do not match the input schema") }),
    }),
    execute: (args) => ${p.runTool}(${p.adapter}, args, upstream, context),
    toModelOutput: ({ output }) => {
      const { text, isError } = ${modelText}(output);
      return isError ? { type: "error-text", value: text } : { type: "text", value: text };
    },
  });
}
`);
  return p.file;
}
