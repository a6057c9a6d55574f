export type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  McpTool,
  McpToolAnnotations,
  ObjectJsonSchema,
  OpenAIChatTool,
  OpenAIFunction,
  OpenAIResponsesTool,
} from "./types.js";
export { omitNullOptionals, type OptionalFields } from "./optional-fields.js";
