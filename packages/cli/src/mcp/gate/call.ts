import { codeForInterruptedCall, onlyText, toCallToolResult, type AgentResult, type AnyAdapter, type McpTool, type ToolCall, type ToolCallResult, type ToolgateContext } from "@toolgate/runtime";
import { adapterTrail, type AttemptClassification, type AuditLog, type CallTrail } from "@toolgate/runtime/audit";
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
  /** `--audit`: every boundary of the call goes into this hash-chained log. */
  readonly audit: AuditLog | undefined;
}

type Failure = Exclude<CallOutcome, { ok: true }>["failure"];

/** A failed forward in the catalog: a call cut off after it was sent may have run; one never sent did not. */
function codeFor(failure: Failure, tool: GateTool): string {
  if (failure === "unavailable") return "UPSTREAM_UNAVAILABLE";
  if (failure === "protocol") return "UPSTREAM_ERROR";
  return codeForInterruptedCall(tool.adapter.retry.class);
}

/** The failure a forward came to before the contract could judge anything: undefined when there is a result to judge. */
function refusal(outcome: CallOutcome, tool: GateTool): { readonly code: string; readonly layer: "upstream" | "transport" } | undefined {
  if (!outcome.ok) return { code: codeFor(outcome.failure, tool), layer: outcome.failure === "protocol" ? "upstream" : "transport" };
  // The upstream's error text is never passed on: the agent gets the catalog's wording.
  return outcome.result.isError === true ? { code: "UPSTREAM_ERROR", layer: "upstream" } : undefined;
}

/** The forward as the audit log's one attempt: the gate never retries (the agent decides). */
function attemptOf(outcome: CallOutcome, tool: GateTool): AttemptClassification {
  const code = refusal(outcome, tool)?.code;
  const sent = outcome.ok || outcome.failure !== "unavailable";
  return { attempt: 1, code, sent, next: code === undefined ? "succeeded" : "not_retryable" };
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
  const refused = refusal(outcome, tool);
  if (refused !== undefined) return adapter.fail(call, refused.code, { layer: refused.layer });
  const payload = outcome.ok ? payloadOf(outcome.result) : undefined;
  if (payload === undefined) return adapter.fail(call, "INVALID_RESPONSE", { layer: "schema" });
  return adapter.adapt(payload, call);
}

/** A validated call: refused when its tool is withheld, else forwarded (its intent on record first) and judged. */
async function forwarded(tool: GateTool, call: ToolCall<unknown>, deps: CallDeps, trail: CallTrail | undefined): Promise<AgentResult<object>> {
  const { adapter, definition } = tool;
  const held = deps.withheld(definition.name);
  if (held !== undefined) {
    deps.operator.gate("call_withheld", { tool: definition.name, status: held.status });
    return adapter.fail(call, "TOOL_WITHHELD", { layer: "upstream" });
  }
  // Intent before side effect: an unsafe call is not forwarded unless its intent is on disk.
  if (trail !== undefined && !trail.intent(1)) return adapter.fail(call, "INTERNAL_FAILURE");
  const outcome = await deps.forward(definition.name, call.input, adapter.retry.budgetMs);
  trail?.attemptFinished(attemptOf(outcome, tool));
  return judged(tool, call, outcome);
}

/**
 * One `tools/call` through the contract: the arguments through the input validator (an invalid call
 * is never forwarded), a withheld tool refused, then the upstream's result through the adapter.
 * The agent gets the agent view or the fixed failure envelope, never a byte of upstream text.
 */
export async function gateCall(tool: GateTool, args: unknown, deps: CallDeps): Promise<ToolCallResult> {
  const { adapter } = tool;
  const audit = adapterTrail(deps.audit, deps.context, adapter.retry.class, undefined);
  const started = adapter.call(args ?? {}, audit.context);
  if (!started.ok) {
    const { tool: name, request_id, error } = started.result;
    return toCallToolResult(audit.returned<object>(started.result, audit.open({ ok: false, tool: name, request_id, invalidFields: error.invalid_fields ?? [] })));
  }
  const trail = audit.open({ ok: true, tool: started.call.tool, request_id: started.call.request_id });
  return toCallToolResult(audit.returned(await forwarded(tool, started.call, deps, trail), trail));
}
