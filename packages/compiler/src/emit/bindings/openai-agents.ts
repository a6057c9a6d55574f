import { _, jsdoc, raw } from "../../codegen/code.js";
import type { GeneratedFile } from "../../codegen/file.js";
import { runtime } from "../../codegen/file.js";
import type { ToolIR } from "../../ir/types.js";
import { openaiParameters } from "../definitions/dialect/openai-strict.js";
import { toolSchemas } from "../definitions/tool-file.js";
import { bindingParts } from "./binding-file.js";

/**
 * OpenAI Agents SDK (`@openai/agents`): `tool({ name, description, parameters, strict, execute })`
 * with the strict parameters definitions.ts emits for OpenAI. Strict mode sends `null` for an omitted
 * optional field, so `fromOpenAIArguments` runs before `call`; the model reads the agent view, or
 * the failure envelope.
 */
export function emitOpenAIAgentsBinding(tool: ToolIR): GeneratedFile {
  const p = bindingParts(tool, "openai-agents", "@openai/agents");
  const [agentsTool, parametersType] = [p.framework("tool"), p.framework("ToolInputParameters", true)];
  const [definition, fromArguments] = [p.definition("openaiResponsesTool"), p.definition("fromOpenAIArguments")];
  const modelText = p.file.import(runtime("modelText"));
  // The SDK types strict and non-strict parameters apart by `additionalProperties`; `strict` is known here.
  const strict = openaiParameters(toolSchemas(tool).input).strict;
  const shape = raw(strict ? "{ additionalProperties: false }" : "{ additionalProperties: true }");
  p.file.write(_`${jsdoc(`The OpenAI Agents SDK tool of ${tool.tool}. \`upstream\` reaches the upstream with the validated input;\nthe model receives the agent view, or the failure envelope.`)}
export function ${p.factory}(upstream: ${p.upstreamFn}<${p.input}>, context?: ${p.context}) {
  return ${agentsTool}({
    name: ${definition}.name,
    description: ${definition}.description,
    parameters: ${definition}.parameters as Extract<${parametersType}, ${shape}>,
    strict: ${raw(String(strict))},
    execute: async (args) => ${modelText}(await ${p.runTool}(${p.adapter}, ${fromArguments}(args), upstream, context)).text,
  });
}
`);
  return p.file;
}
