import { diagnostic, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ProjectIR, ToolIR } from "../../ir/types.js";
import { locate } from "../../ir/locate.js";
import { anthropicInput } from "./anthropic.js";
import { overLimits, strictCost, type StrictCost } from "./dialect/anthropic-limits.js";
import { toolSchemas } from "./tool-file.js";

export interface ListFit {
  /** Strict tools the list sends with `strict: false` so the request stays within Anthropic's limits. */
  readonly relaxed: ReadonlySet<string>;
  readonly diagnostics: readonly Diagnostic[];
}

const add = (a: StrictCost, b: StrictCost): StrictCost => ({ optional: a.optional + b.optional, unions: a.unions + b.unions });

/**
 * Anthropic's limits hold per request, so they are checked on the whole list: strict tools are kept
 * strict in name order while the totals fit, and each one after that is relaxed (TG503), or reported
 * as an error (TG530) under `strictLimits: "fail"`. A `toolScope()` takes a subset of this list,
 * and a subset of a list within the limits is within them too.
 */
export function fitAnthropicList(project: ProjectIR): ListFit {
  let total: StrictCost = { optional: 0, unions: 0 };
  let strictTools = 0;
  const relaxed = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const tool of project.tools) {
    const plan = anthropicInput(toolSchemas(tool).input);
    if (!plan.strict) continue;
    const next = add(total, strictCost(plan.schema));
    const over = overLimits(next, strictTools + 1);
    if (over.length === 0) {
      [total, strictTools] = [next, strictTools + 1];
      continue;
    }
    relaxed.add(tool.tool);
    diagnostics.push(overflow(tool, over.join("; "), project.strictLimits ?? "relax"));
  }
  return { relaxed, diagnostics };
}

function overflow(tool: ToolIR, detail: string, mode: "relax" | "fail"): Diagnostic {
  const at = locate(tool, "/tool");
  const listDetail = `the generated anthropicTools list up to ${tool.tool}: ${detail}`;
  return mode === "fail" ? diagnostic("TG530", at, { detail: listDetail }) : diagnostic("TG503", at, { target: "Anthropic", detail: listDetail });
}
