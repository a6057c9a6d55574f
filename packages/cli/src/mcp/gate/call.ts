import { codeForInterruptedCall, onlyText, toCallToolResult, type AgentResult, type AnyAdapter, type McpTool, type ToolCall, type ToolCallResult, type ToolgateContext } from "@toolgate/runtime";
import type { Withheld } from "./exposure.js";
import type { Operator } from "./operator.js";
import type { CallOutcome } from "./upstream.js";

/** One tool the gate can expose: the spec's MCP definition and its generated adapter. */
export interface GateTool {
  readonly definition: McpTool;
  readonly adapter: AnyAdapter<unknown, unknown, object>;
}

/** What a call needs of the gate around it. */
export interface CallDeps {
  readonly forward: (name: string, args: unknown, timeoutMs: number) => Promise<CallOutcome>;
  readonly withheld: (name: string) => Withheld | undefined;
  readonly operator: Operator;
  readonly context: ToolgateContext;
}

type Failure = Exclude<CallOutcome, { ok: true }>["failure"];

/** A failed forward in the catalog: a call cut off after it was sent may have run; one never sent did not. */
function codeFor(failure: Failure, tool: GateTool): string {
  if (failure === "unavailable") return "UPSTREAM_UNAVAILABLE";
  if (failure === "protocol") return "UPSTREAM_ERROR";
  return codeForInterruptedCall(tool.adapter.retry.class);
}

/**
 * The payload the contract judges: `structuredContent` when the upstream sent one, else the text of
 * its only text block. Anything else (several blocks, an image) has no place in the contract.
 */
function payloadOf(result: Readonly<Record<string, unknown>>): string | undefined {
  const structured = Object.hasOwn(result, "structuredContent") ? result.structuredContent : undefined;
  if (structured !== null && typeof structured === "object" && !Array.isArray(structured)) return JSON.stringify(structured);
  const text = onlyText(result);
  return typeof text === "string" ? text : undefined;
}

async function judged(tool: GateTool, call: ToolCall<unknown>, outcome: CallOutcome): Promise<AgentResult<object>> {
  const { adapter } = tool;
  if (!outcome.ok) return adapter.fail(call, codeFor(outcome.failure, tool), { layer: outcome.failure === "protocol" ? "upstream" : "transport" });
  // The upstream's error text is never passed on: the agent gets the catalog's wording.
  if (outcome.result.isError === true) return adapter.fail(call, "UPSTREAM_ERROR", { layer: "upstream" });
  const payload = payloadOf(outcome.result);
  if (payload === undefined) return adapter.fail(call, "INVALID_RESPONSE", { layer: "schema" });
  return adapter.adapt(payload, call);
}

/**
 * One `tools/call` through the contract: the arguments through the input validator (an invalid call
 * is never forwarded), a withheld tool refused, then the upstream's result through the adapter.
 * The agent gets the agent view or the fixed failure envelope, never a byte of upstream text.
 */
export async function gateCall(tool: GateTool, args: unknown, deps: CallDeps): Promise<ToolCallResult> {
  const { adapter, definition } = tool;
  const started = adapter.call(args ?? {}, deps.context);
  if (!started.ok) return toCallToolResult(started.result);
  const held = deps.withheld(definition.name);
  if (held !== undefined) {
    deps.operator.gate("call_withheld", { tool: definition.name, status: held.status });
    return toCallToolResult(adapter.fail(started.call, "TOOL_WITHHELD", { layer: "upstream" }));
  }
  const outcome = await deps.forward(definition.name, started.call.input, adapter.retry.budgetMs);
  return toCallToolResult(await judged(tool, started.call, outcome));
}
