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

/** Tool definitions for MCP and the LLM vendors, the MCP client reader, and their registry. */
export const definitionsEmitter: Emitter = {
  name: "definitions",
  emit(project) {
    const results = project.tools.map((tool) => emitToolDefinitions(tool, DEFINITION_TARGETS));
    const files = [...results.map((r) => r.file), ...project.tools.map(emitClient)];
    if (project.tools.length > 0) files.push(emitDefinitionsRegistry(project));
    return emitted(files, results.flatMap((r) => r.diagnostics));
  },
};
