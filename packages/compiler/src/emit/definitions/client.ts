import { _, jsdoc } from "../../codegen/code.js";
import type { ToolIR } from "../../ir/types.js";
import { errorTable, operationLine } from "../adapter.js";
import type { EmittedFile } from "../emitter.js";
import { toolNames } from "../names.js";

/**
 * `<tool>/client.ts`: the typed consumer side of an MCP call. It checks a `CallToolResult` with the
 * precompiled agent-view validator and the tool's own error table, so a client never depends on its
 * SDK having run `tools/list` (SDK 1.x validates nothing without it).
 */
export function emitClient(tool: ToolIR): EmittedFile {
  const n = toolNames(tool.tool);
  const content = _`import { errorTable, readCallToolResult, type AgentResult, type ToolResultContract } from "@toolgate/runtime";
import type { ${n.agentView} } from "./types.js";
import { validateAgentView } from "./validate-view.js";

const contract: ToolResultContract = {
  tool: ${tool.tool},
  validateAgentView,
  errors: ${errorTable(tool)},
  retryClass: ${tool.retry.class},${operationLine(tool)}
};

${jsdoc(`Reads the MCP CallToolResult of a ${tool.tool} call from any client: the typed agent view, or the
failure envelope rebuilt from this tool's error table (INVALID_RESPONSE for anything else).`)}
export function readResult(result: unknown): AgentResult<${n.agentView}> {
  return readCallToolResult<${n.agentView}>(result, contract);
}
`;
  return { path: `${tool.tool}/client.ts`, content: content.toString(), source: tool.specPath };
}
