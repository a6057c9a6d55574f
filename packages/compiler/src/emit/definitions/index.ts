import { emitted, type Emitter } from "../emitter.js";
import { anthropicTarget } from "./anthropic.js";
import { emitClient } from "./client.js";
import { geminiTarget } from "./gemini.js";
import { mcpTarget } from "./mcp.js";
import { openaiTarget } from "./openai.js";
import { emitDefinitionsRegistry } from "./registry.js";
import type { DefinitionTarget } from "./target.js";
import { emitToolDefinitions } from "./tool-file.js";

export const DEFINITION_TARGETS: readonly DefinitionTarget[] = [mcpTarget, openaiTarget, anthropicTarget, geminiTarget];

/** `<tool>/definitions.ts`: the tool's definitions for MCP and the LLM vendors. */
export const definitionsEmitter: Emitter = {
  name: "definitions",
  scope: "tool",
  emit: ({ tool }) => emitToolDefinitions(tool, DEFINITION_TARGETS),
};

/** `<tool>/client.ts`: the MCP client's reader of the tool's results. */
export const clientEmitter: Emitter = {
  name: "client",
  scope: "tool",
  emit: ({ tool }) => emitted([emitClient(tool)]),
};

/** `definitions.ts`: every tool's definitions, one list per target. */
export const definitionListsEmitter: Emitter = {
  name: "definition-lists",
  scope: "project",
  emit: (project) => (project.tools.length === 0 ? emitted([]) : emitDefinitionsRegistry(project)),
};
