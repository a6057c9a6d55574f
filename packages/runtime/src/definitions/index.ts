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
export { toolScope, type NamedTool, type ToolScope } from "./scope.js";
