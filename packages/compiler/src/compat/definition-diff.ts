import { change, type Change } from "./changes.js";
import type { ToolContract } from "./contract.js";
import type { RenderedDefinitions } from "./definitions.js";

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

type Target = keyof RenderedDefinitions;
const TARGETS: readonly Target[] = ["mcp", "openai", "anthropic", "gemini"];

/** Each target's arguments schema, by its own key. */
const parametersOf = (d: RenderedDefinitions, t: Target): unknown =>
  t === "mcp" ? d.mcp.inputSchema : t === "openai" ? d.openai.parameters : t === "anthropic" ? d.anthropic.input_schema : d.gemini.parametersJsonSchema;

const strictOf = (d: RenderedDefinitions, t: Target): boolean | undefined => (t === "openai" ? d.openai.strict : t === "anthropic" ? d.anthropic.strict : undefined);

// A hint that moves this way makes a host treat the tool as less safe than its callers relied on.
const LESS_SAFE: Readonly<Record<string, boolean>> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

function annotationChanges(before: Readonly<Record<string, boolean>>, after: Readonly<Record<string, boolean>>): Change[] {
  const out: Change[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (before[key] === after[key]) continue;
    const text = `MCP annotations.${key} ${String(before[key] ?? "none")} → ${String(after[key] ?? "none")}`;
    out.push(change(after[key] === LESS_SAFE[key] ? "TG663" : "TG664", "/retry", text));
  }
  return out;
}

/**
 * Changes to the rendered tool definitions (README, "The breaking-change gate"). What they are made
 * from is compared elsewhere (description TG605, input TG62x, view TG61x, name TG658): a schema
 * change is reported here only when its source did not change, e.g. a new toolgate renders it differently.
 * Contracts recorded before definitions were are not compared here.
 */
export function renderedDefinitionChanges(before: ToolContract, after: ToolContract): Change[] {
  const [a, b] = [before.definitions, after.definitions];
  if (a === undefined || b === undefined) return [];
  const out: Change[] = [];
  for (const t of TARGETS) {
    const [was, now] = [strictOf(a, t), strictOf(b, t)];
    if (was === true && now === false) out.push(change("TG659", "/input", `${t} strict mode turned off: the model's arguments are no longer constrained to the schema`));
    if (was === false && now === true) out.push(change("TG660", "/input", `${t} strict mode turned on`));
    if (same(before.input, after.input) && !same(parametersOf(a, t), parametersOf(b, t))) out.push(change("TG661", "/input", `${t} parameters schema changed though the input did not`));
  }
  if (same(before.agent_view, after.agent_view) && !same(a.mcp.outputSchema, b.mcp.outputSchema)) out.push(change("TG662", "/agent_view", "MCP outputSchema changed though the agent view did not"));
  return [...out, ...annotationChanges(a.mcp.annotations, b.mcp.annotations)];
}
