import { deepEqual } from "@toolgate/runtime";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { toolSchemas } from "../emit/definitions/tool-file.js";
import { toolFindings } from "./description.js";
import { jaccard, SIMILARITY_THRESHOLD, tokens } from "./tokens.js";

/** `off` is compile()'s default (a library caller opts in); `toolgate gen` lints with `warning` unless told otherwise. */
export type LintSeverity = "off" | "warning" | "error";

/**
 * The tool-selection lint ("schema satisfied, wrong tool chosen"): over the whole tool set,
 * since no schema stops a model from picking the wrong tool. Each tool's description and name, then
 * every pair whose names (TG513) or descriptions (TG514) are near-duplicates, or whose input schemas
 * are identical (TG515), reported at both tools, with the severity asked for.
 */
export function lintToolSelection(tools: readonly ToolIR[], severity: LintSeverity): Diagnostic[] {
  if (severity === "off") return [];
  const findings = [...tools.flatMap(toolFindings), ...pairFindings(tools)];
  return severity === "warning" ? findings : findings.map((d) => Object.freeze({ ...d, severity }));
}

function pairFindings(tools: readonly ToolIR[]): Diagnostic[] {
  const facts = tools.map((tool) => ({
    tool,
    name: tokens(tool.tool.replace(/_/g, " ")),
    description: tokens(tool.description),
    input: toolSchemas(tool).input.schema,
  }));
  return facts.flatMap((a, i) =>
    facts.slice(i + 1).flatMap((b) => {
      const both = (code: "TG513" | "TG514" | "TG515", pointer: string, similarity?: number): Diagnostic[] =>
        [[a.tool, b.tool], [b.tool, a.tool]].map(([self, other]) =>
          diagnostic(code, locate(self!, pointer), { tool: JSON.stringify(self!.tool), other: `${JSON.stringify(other!.tool)} (${other!.specPath})`, similarity: similarity?.toFixed(2) ?? "" }),
        );
      const name = jaccard(a.name, b.name);
      const description = jaccard(a.description, b.description);
      return [
        ...(name >= SIMILARITY_THRESHOLD ? both("TG513", "/tool", name) : []),
        ...(description >= SIMILARITY_THRESHOLD ? both("TG514", "/description", description) : []),
        ...(deepEqual(a.input, b.input) ? both("TG515", "/input") : []),
      ];
    }),
  );
}
