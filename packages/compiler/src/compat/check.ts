import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { inputBreaks, viewBreaks } from "./diff.js";
import { shapeOf, type Shape } from "./shape.js";

export interface ContractShapes {
  readonly input: Shape;
  readonly agent_view: Shape;
}

export const contractShapes = (tool: ToolIR): ContractShapes => ({
  input: shapeOf(tool.input, tool.defs),
  agent_view: shapeOf(tool.agentView, tool.agentView.$defs as Record<string, unknown> ?? {}),
});

interface PreviousTool {
  readonly tool: string;
  readonly version: number;
  readonly contract?: ContractShapes;
}

/** The tools recorded by the last `gen`, or none when there is no readable manifest. */
function previousTools(manifest: string | undefined): Map<string, PreviousTool> {
  try {
    const parsed = JSON.parse(manifest ?? "{}") as { tools?: PreviousTool[] };
    return new Map((parsed.tools ?? []).map((t) => [t.tool, t]));
  } catch {
    return new Map();
  }
}

/**
 * An incompatible contract change needs a version bump (DESIGN): compares each tool with the last
 * generated manifest and reports breaking changes made under the same version.
 */
export function checkCompatibility(tools: readonly ToolIR[], manifest: string | undefined): Diagnostic[] {
  const previous = previousTools(manifest);
  return tools.flatMap((tool) => {
    const before = previous.get(tool.tool);
    if (!before) return [];
    const at = locate(tool, "/version");
    if (tool.version < before.version) return [diagnostic("TG602", at, { tool: tool.tool, from: String(before.version), to: String(tool.version) })];
    if (tool.version > before.version || !before.contract) return [];
    const now = contractShapes(tool);
    const breaks = [...inputBreaks(before.contract.input, now.input), ...viewBreaks(before.contract.agent_view, now.agent_view)];
    return breaks.length === 0 ? [] : [diagnostic("TG601", at, { tool: tool.tool, version: String(tool.version), detail: breaks.join("; ") })];
  });
}
