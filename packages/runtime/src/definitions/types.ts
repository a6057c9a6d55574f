/**
 * The shapes of the tool definitions `toolgate gen` emits for each target. They are mutable on
 * purpose: the vendor SDKs type their request fields as mutable objects and arrays, and a
 * definition must be assignable to them without a cast.
 */

/** A JSON Schema object whose root describes the arguments or result object of one tool. */
export interface ObjectJsonSchema {
  type: "object";
  properties?: { [name: string]: object };
  required?: string[];
  [keyword: string]: unknown;
}

/** MCP tool annotations (hints only: clients must treat them as untrusted). */
export interface McpToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One entry of an MCP `tools/list` result; `outputSchema` describes the agent view. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: ObjectJsonSchema;
  outputSchema: ObjectJsonSchema;
  annotations: McpToolAnnotations;
}

/** The function part shared by both OpenAI APIs. */
export interface OpenAIFunction {
  name: string;
  description: string;
  parameters: ObjectJsonSchema;
  strict: boolean;
}

/** Chat Completions `tools[]` entry. */
export interface OpenAIChatTool {
  type: "function";
  function: OpenAIFunction;
}

/** Responses API `tools[]` entry (flat; its `strict` defaults to true, so it is always explicit). */
export interface OpenAIResponsesTool extends OpenAIFunction {
  type: "function";
}

/** Anthropic Messages API `tools[]` entry. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectJsonSchema;
  strict: boolean;
}

/** Gemini `functionDeclarations[]` entry using plain JSON Schema for the parameters. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: ObjectJsonSchema;
}
