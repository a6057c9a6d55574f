import { _, jsdoc } from "../../codegen/code.js";
import { runtime, runtimeType } from "../../codegen/file.js";
import { openaiParameters } from "./dialect/openai-strict.js";
import { literal } from "../../codegen/literal.js";
import { argumentsSchema, problemDiagnostics, type DefinitionTarget } from "./target.js";

/** OpenAI Chat Completions and Responses: one function, strict whenever the schema maps losslessly. */
export const openaiTarget: DefinitionTarget = {
  name: "OpenAI",
  toolName: /^[A-Za-z0-9_-]{1,64}$/,
  emit(tool, schemas, file) {
    const plan = openaiParameters(schemas.input);
    const parameters = argumentsSchema(file, schemas, plan.parameters, "openaiParameters", "The arguments in OpenAI strict form: every property required, optional ones nullable, unsupported bounds restated.");
    const optional = file.name("openaiOptionalFields");
    const fields = _`name: ${tool.tool},\ndescription: ${tool.description},\nparameters: ${parameters.ref},\nstrict: ${plan.strict},`;
    const code = _`${parameters.declaration}
${jsdoc(`OpenAI Chat Completions tools[] entry of ${tool.tool}.`)}
export const ${file.name("openaiChatTool")}: ${file.import(runtimeType("OpenAIChatTool"))} = {
  type: "function",
  function: {
    ${fields}
  },
};

${jsdoc(`OpenAI Responses tools[] entry of ${tool.tool}; strict is explicit because that API defaults it to true.`)}
export const ${file.name("openaiResponsesTool")}: ${file.import(runtimeType("OpenAIResponsesTool"))} = {
  type: "function",
  ${fields}
};

const ${optional}: ${file.import(runtimeType("OptionalFields"))} = ${literal(plan.optional)};

${jsdoc("Strict mode sends null for an omitted optional property; this restores the omission.\nPass the model's arguments through it before the adapter's call().")}
export function ${file.name("fromOpenAIArguments")}(args: unknown): unknown {
  return ${file.import(runtime("omitNullOptionals"))}(args, ${optional});
}`;
    const diagnostics = problemDiagnostics("TG503", tool, "OpenAI", plan.problems);
    return { code, diagnostics };
  },
};
