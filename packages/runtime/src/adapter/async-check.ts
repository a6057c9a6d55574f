import type { AgentResult } from "../result.js";
import { runChecks, selected, type PipelineDefinition } from "./pipeline.js";
import { deliver, startedAt } from "./observe.js";
import type { AsyncCheck, ToolCall } from "./types.js";
import { pass, stop, type Judgement, type Verdict } from "./verdict.js";

type Answer = "pass" | "refused" | "rejected" | "timeout";

/** The hook's answer within its budget; a timeout aborts `signal` so the lookup can stop. */
async function answerOf<I, O>(check: AsyncCheck<I, O>, output: O, input: I): Promise<Answer> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Answer>((resolve) => (timer = setTimeout(() => resolve("timeout"), check.budgetMs)));
  // A hook that throws before its first await is a rejection too.
  const lookup = Promise.resolve()
    .then(() => check.run(output, input, controller.signal))
    .then((ok): Answer => (ok === true ? "pass" : "refused"), (): Answer => "rejected");
  try {
    const answer = await Promise.race([lookup, timeout]);
    if (answer === "timeout") controller.abort(new DOMException(`check ${check.id} exceeded ${check.budgetMs} ms`, "TimeoutError"));
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One async check's verdict. Refused, rejected and timed out all fail at layer `semantic` with the
 * check's id, like a sync hook: the hook's error text never reaches the agent or the event.
 */
export async function runAsyncCheck<I, O>(check: AsyncCheck<I, O>, output: O, input: I): Promise<Verdict<O>> {
  const answer = await answerOf(check, output, input);
  if (answer === "pass") return pass(output);
  return stop("INVALID_RESPONSE", "semantic", { checkId: check.id, checkFailure: answer === "refused" ? undefined : answer });
}

/** The async pipeline: the sync stages, then each async check in spec order, then selection. */
async function judgeAsync<I, O, V>(def: PipelineDefinition<I, O, V>, checks: readonly AsyncCheck<I, O>[], raw: string | Uint8Array, call: ToolCall<I>): Promise<Judgement<V>> {
  let judgement = runChecks(def, raw, call);
  for (const check of checks) judgement = await judgement.stepAsync("semantic", (output) => runAsyncCheck(check, output, call.input));
  return selected(def, judgement);
}

/** `observe` for the async pipeline: one event per call, delivered when the call is decided. */
export async function observeAsync<I, O, V>(
  def: PipelineDefinition<I, O, V>,
  checks: readonly AsyncCheck<I, O>[],
  raw: string | Uint8Array,
  call: ToolCall<I>,
): Promise<AgentResult<V>> {
  const started = startedAt(call.context);
  return deliver(def as PipelineDefinition<unknown, unknown, unknown>, call, await judgeAsync(def, checks, raw, call), raw, started);
}
