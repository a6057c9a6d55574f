import type { AgentResult } from "../result.js";
import { report, settle, type PipelineDefinition } from "./pipeline.js";
import type { ToolCall, ToolgateContext } from "./types.js";
import type { Judgement } from "./verdict.js";

/** When a call's timing starts; only read when someone listens for the event. */
export const startedAt = (context: ToolgateContext): number => (context.onEvent ? performance.now() : 0);

/**
 * Runs one judgement of untrusted bytes and delivers its one operator event: `adapt` on the server
 * side, `readCallToolResult` on the MCP client side, so both report alike. Each stage of `judge`
 * catches its own defects (see Judgement.step).
 */
export function observe<View>(
  def: PipelineDefinition<unknown, unknown, unknown>,
  raw: string | Uint8Array | undefined,
  call: ToolCall<unknown>,
  judge: () => Judgement<View>,
): AgentResult<View> {
  const started = startedAt(call.context);
  return deliver(def, call, judge(), raw, started);
}

/** The agent's result for a finished judgement, after its operator event. */
export function deliver<View>(
  def: PipelineDefinition<unknown, unknown, unknown>,
  call: ToolCall<unknown>,
  judgement: Judgement<View>,
  raw: string | Uint8Array | undefined,
  started: number,
): AgentResult<View> {
  const result = settle(def, call, judgement);
  // The outcome is only assembled for someone who listens: most calls have no sink.
  if (call.context.onEvent || call.context.onRawEvidence) report(def, call, judgement.outcome(), raw, started);
  return result;
}
