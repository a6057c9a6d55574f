import type { AnyAdapter, ToolCall, ToolgateContext } from "../adapter/types.js";
import { toCallToolResult } from "../mcp/call-tool-result.js";
import type { AgentResult } from "../result.js";
import { codeForInterruptedCall } from "../upstream/outcome.js";

/**
 * The framework-independent core of every generated binding (Vercel AI SDK, OpenAI Agents SDK,
 * LangChain.js, Anthropic SDK): the model's arguments through `call`, the user's upstream, then
 * `adapt`. The runtime knows no framework; each binding module imports its own.
 */

/** A classified upstream failure, as `callHttp` and `runCommand` (`@toolgate/runtime/upstream`) return them. */
export interface UpstreamFailureAnswer {
  readonly ok: false;
  readonly code: string;
  readonly retryAfterSeconds?: number;
}

/** The raw, untrusted bytes the upstream answered, or its classified failure. */
export type UpstreamAnswer = string | Uint8Array | UpstreamFailureAnswer;

/** The user's side of a call: reach the upstream with the validated input (`call.input`). */
export type UpstreamFn<Input> = (call: ToolCall<Input>) => Promise<UpstreamAnswer>;

/**
 * One tool call end to end; never throws. An upstream function that throws (an abort, a timeout, a
 * bug) is treated as a call cut off after it may have reached the upstream (codeForInterruptedCall):
 * its error is not shown to the model.
 */
export async function runTool<Input, Output, View>(
  adapter: AnyAdapter<Input, Output, View>,
  args: unknown,
  upstream: UpstreamFn<Input>,
  context?: ToolgateContext,
): Promise<AgentResult<View>> {
  const started = adapter.call(args, context);
  if (!started.ok) return started.result;
  let answer: UpstreamAnswer;
  try {
    answer = await upstream(started.call);
  } catch {
    return adapter.fail(started.call, codeForInterruptedCall(adapter.retry.class), { layer: "transport" });
  }
  // An async tool's adapt resolves (never rejects); a sync tool's result is returned as it is.
  if (typeof answer === "string" || answer instanceof Uint8Array) return await adapter.adapt(answer, started.call);
  return adapter.fail(started.call, answer.code, { layer: "transport", ...(answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds }) });
}

/** What the model reads of a result: the agent view's JSON, or the fixed failure envelope's, and whether it is an error. */
export function modelText(result: AgentResult<unknown>): { readonly text: string; readonly isError: boolean } {
  const mcp = toCallToolResult(result as AgentResult<object>);
  return { text: mcp.content[0]!.text, isError: mcp.isError === true };
}

/** An Anthropic Messages API `tool_result` block (structurally the SDK's `ToolResultBlockParam`). */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** The `tool_result` block for a result. */
export function anthropicToolResult(toolUseId: string, result: AgentResult<unknown>): AnthropicToolResult {
  const { text, isError } = modelText(result);
  return { type: "tool_result", tool_use_id: toolUseId, content: text, is_error: isError };
}

/** What the model reads when it names a tool the list does not offer: fixed, so the name it sent is never echoed. */
export const UNKNOWN_TOOL_TEXT = "No tool of that name is offered. The call was not run; call one of the tools listed in the request.";

/**
 * The `tool_result` block for a `tool_use` block whose name is not a tool of the list: a model can
 * name any tool, and the Messages API expects a result for every `tool_use`, so this is an error
 * result rather than an exception that would end the conversation.
 */
export function anthropicUnknownTool(toolUseId: string): AnthropicToolResult {
  return { type: "tool_result", tool_use_id: toolUseId, content: UNKNOWN_TOOL_TEXT, is_error: true };
}
