import { _, jsdoc, Name } from "../../codegen/code.js";
import { openaiParameters } from "./dialect/openai-strict.js";
import { literal } from "../../codegen/literal.js";
import { argumentsSchema, problemDiagnostics, type DefinitionTarget } from "./target.js";

const PARAMETERS = new Name("openaiParameters");

/** OpenAI Chat Completions and Responses: one function, strict whenever the schema maps losslessly. */
export const openaiTarget: DefinitionTarget = {
  name: "OpenAI",
  toolName: /^[A-Za-z0-9_-]{1,64}$/,
  emit(tool, schemas) {
    const plan = openaiParameters(schemas.input);
    const parameters = argumentsSchema(schemas, plan.parameters, PARAMETERS, "The arguments in OpenAI strict form: every property required, optional ones nullable, unsupported bounds restated.");
    const fields = _`name: ${tool.tool}, description: ${tool.description}, parameters: ${parameters.ref}, strict: ${plan.strict}`;
    const code = _`${parameters.declaration}
${jsdoc(`OpenAI Chat Completions tools[] entry of ${tool.tool}.`)}
export const openaiChatTool: OpenAIChatTool = { type: "function", function: { ${fields} } };

${jsdoc(`OpenAI Responses tools[] entry of ${tool.tool}; strict is explicit because that API defaults it to true.`)}
export const openaiResponsesTool: OpenAIResponsesTool = { type: "function", ${fields} };

const openaiOptionalFields: OptionalFields = ${literal(plan.optional)};

${jsdoc("Strict mode sends null for an omitted optional property; this restores the omission.\nPass the model's arguments through it before the adapter's call().")}
export function fromOpenAIArguments(args: unknown): unknown {
  return omitNullOptionals(args, openaiOptionalFields);
}`;
    const diagnostics = problemDiagnostics("TG503", tool, "OpenAI", plan.problems);
    const typeImports = ["OpenAIChatTool", "OpenAIResponsesTool", "OptionalFields"];
    return { code, typeImports, valueImports: ["omitNullOptionals"], diagnostics };
  },
};
