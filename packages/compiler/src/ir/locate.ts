import type { SourceRange } from "../diagnostics/diagnostic.js";
import { parentPointer } from "../load/pointer.js";
import type { ToolIR } from "./types.js";

/**
 * Where a tool-space pointer (`/input/…`, `/output/…`, `/$defs/…`, `/agent_view/0`) was written:
 * its own entry in the tool's source map, else its nearest ancestor's (a keyword the compiler added,
 * such as a closing `additionalProperties`, is reported where its object is written).
 */
export function locate(tool: Pick<ToolIR, "locations" | "specPath">, pointer: string): SourceRange {
  for (let p = pointer; ; p = parentPointer(p)) {
    if (Object.hasOwn(tool.locations, p)) return tool.locations[p]!;
    if (p === "") return { file: tool.specPath, line: 1, column: 1 };
  }
}
