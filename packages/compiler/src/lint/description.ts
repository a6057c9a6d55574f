import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { tokens } from "./tokens.js";

/** Fewer words than this cannot say both what a tool does and what it leaves alone. */
export const MIN_DESCRIPTION_WORDS = 6;

// A statement of what the call leaves alone: "changes nothing", "does not deploy", "never writes", "read-only".
const LEAVES_ALONE = /\b(nothing|not|never|no|without|only|read-only|doesn't|won't|cannot)\b/i;

// Names made only of these say nothing about what the tool acts on.
const GENERIC = new Set(["tool", "do", "run", "exec", "execute", "process", "handle", "helper", "util", "utils", "misc", "api", "call", "data", "info", "query", "action", "function", "main", "test"]);

/** One tool's own findings: its description (TG510, TG511) and its name (TG512). */
export function toolFindings(tool: ToolIR): Diagnostic[] {
  const at = locate(tool, "/description");
  const words = tool.description.split(/\s+/).filter((w) => w !== "").length;
  const out: Diagnostic[] = [];
  if (words < MIN_DESCRIPTION_WORDS) out.push(diagnostic("TG510", at, { words: String(words), min: String(MIN_DESCRIPTION_WORDS) }));
  if (!LEAVES_ALONE.test(tool.description)) out.push(diagnostic("TG511", at));
  if ([...tokens(tool.tool.replace(/_/g, " "))].every((t) => GENERIC.has(t) || /^\d+$/.test(t))) {
    out.push(diagnostic("TG512", locate(tool, "/tool"), { tool: JSON.stringify(tool.tool) }));
  }
  return out;
}
