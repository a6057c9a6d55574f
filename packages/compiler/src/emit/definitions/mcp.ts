import { _, join, jsdoc } from "../../codegen/code.js";
import type { ToolIR } from "../../ir/types.js";
import { draft07Problems } from "./dialect/draft07.js";
import { runtimeType } from "../../codegen/file.js";
import { literal } from "../../codegen/literal.js";
import { problemDiagnostics, SHARED, type DefinitionTarget } from "./target.js";

/**
 * Hints from what the spec declares, never from a method name (DESIGN): `effects` says whether the
 * call reads only, only adds or may destroy; `safe` and `idempotent` repeat harmlessly; and
 * `open_world` says whether it reaches an open set of systems.
 */
export function mcpAnnotations(tool: ToolIR): Record<string, boolean> {
  return {
    readOnlyHint: tool.effects === "read_only",
    destructiveHint: tool.effects === "destructive",
    idempotentHint: tool.retry.class !== "unsafe",
    openWorldHint: tool.upstream.openWorld,
  };
}

/** MCP: the input schema, the agent view as `outputSchema`, and annotations. */
export const mcpTarget: DefinitionTarget = {
  name: "MCP",
  // MCP 2025-11-25: 1–128 characters of [A-Za-z0-9_.-].
  toolName: /^[A-Za-z0-9_.-]{1,128}$/,
  emit(tool, schemas, file) {
    const fields = [
      _`name: ${tool.tool},`,
      ...(tool.title === undefined ? [] : [_`title: ${tool.title},`]),
      _`description: ${tool.description},`,
      _`inputSchema: ${SHARED.input},`,
      _`outputSchema: ${SHARED.output},`,
      _`annotations: ${literal(mcpAnnotations(tool))},`,
    ];
    const code = _`${jsdoc(`The MCP tools/list entry of ${tool.tool}; outputSchema is the agent view (structuredContent).`)}
export const ${file.name("mcpTool")}: ${file.import(runtimeType("McpTool"))} = {
  ${join(fields, "\n  ")}
};`;
    const diagnostics = problemDiagnostics("TG504", tool, "MCP", draft07Problems(schemas.output));
    return { code, diagnostics };
  },
};
