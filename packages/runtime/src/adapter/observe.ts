import type { AgentResult } from "../result.js";
import { newTrace, type Trace } from "./events.js";
import { reject, report, type PipelineDefinition } from "./pipeline.js";
import type { ToolCall, ToolgateContext } from "./types.js";

/** When a call's timing starts; only read when someone listens for the event. */
export const startedAt = (context: ToolgateContext): number => (context.onEvent ? performance.now() : 0);

/**
 * Runs one judgement of untrusted bytes and delivers its one operator event: `adapt` on the server
 * side, `readCallToolResult` on the MCP client side, so both report alike. A step that throws is a
 * defect of the contract's code, not the upstream's text to relay.
 */
export function observe<View>(
  def: PipelineDefinition<unknown, unknown, unknown>,
  raw: string | Uint8Array | undefined,
  call: ToolCall<unknown>,
  judge: (trace: Trace) => AgentResult<View>,
): AgentResult<View> {
  const started = startedAt(call.context);
  const trace = newTrace();
  let result: AgentResult<View>;
  try {
    result = judge(trace);
  } catch {
    trace.checkId ??= "exception";
    result = reject(def, call, trace, "INTERNAL_FAILURE", trace.layer ?? "selection");
  }
  report(def, call, trace, raw, started);
  return result;
}
