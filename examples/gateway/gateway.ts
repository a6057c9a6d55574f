/**
 * A minimal tool gateway: runs one tool call end to end through a generated adapter.
 *
 *   adapter.call(args)            INVALID_INPUT before anything leaves the process
 *   approve(call)                 a person's decision, or the vault's state: USER_DENIED or
 *                                 VAULT_LOCKED before any credential is used
 *   executeWithRetry(policy, …)   one HTTP request or command per attempt, as the spec allows
 *   adapter.fail(call, code, …)   a classified upstream failure → the fixed envelope
 *   adapter.adapt(bytes, call)    the upstream's bytes → the agent view, or the fixed envelope
 *
 * The agent gets only what these return. Raw bytes go to `context.onRawEvidence` (if given), per-
 * attempt transport facts to `onAttempt`; neither channel is ever shown to the agent.
 */
import { executeWithRetry, systemRetryDeps } from "@toolgate/runtime";
import type { Adapter, AdapterEvent, AgentResult, FailOptions, RetryDeps, ToolCall, ToolgateContext } from "@toolgate/runtime";
import { attemptFor, upstreamText } from "./attempts.js";
import type { Attempt, OperatorRecord, Upstream } from "./attempts.js";

export type { CommandUpstream, HttpUpstream, OperatorRecord, Upstream } from "./attempts.js";

/** What the operator learns about one attempt: numbers, flags and fixed names, never text. */
export interface AttemptRecord {
  readonly tool: string;
  readonly request_id: string;
  readonly attempt: number;
  /** undefined when the upstream answered with bytes for the adapter. */
  readonly code: string | undefined;
  readonly operator: OperatorRecord;
}

/** What the approval step decided; anything but "approved" stops the call before the upstream. */
export type ApprovalDecision = "approved" | "denied" | "vault_locked";

export interface RunOptions<Input> {
  readonly upstream: Upstream<Input>;
  /**
   * Asked before any attempt, so nothing runs that a person has not allowed: a denial is USER_DENIED (stop, never rephrase and resend),
   * a locked credential store VAULT_LOCKED (a person must unlock it). The decision's event, at the
   * layer "approval", is recorded before anything is executed.
   */
  readonly approve?: (call: ToolCall<Input>) => ApprovalDecision | Promise<ApprovalDecision>;
  readonly context?: ToolgateContext;
  readonly onAttempt?: (record: AttemptRecord) => void;
  /**
   * Every event of the call also goes here with the upstream it was for (`GET <baseUrl><path
   * template>` or the command file); the audit log stores that text redacted (redactFreeText).
   */
  readonly audit?: { record(event: AdapterEvent, upstream?: string, where?: { readonly pathTemplate?: string }): unknown };
  /** Clock, sleep and randomness of the retry loop (tests inject them). */
  readonly retryDeps?: RetryDeps;
}

/** Runs a tool call and returns the agent result. Never throws. */
export async function runTool<Input, Output, View>(
  adapter: Adapter<Input, Output, View>,
  args: unknown,
  options: RunOptions<Input>,
): Promise<AgentResult<View>> {
  const started = adapter.call(args, audited(options));
  if (!started.ok) return started.result;
  const { call } = started;
  const refusal = await approval(options.approve, call);
  if (refusal !== undefined) return adapter.fail(call, refusal, { layer: "approval" });
  try {
    const attempt = attemptFor(options.upstream, call, adapter.retry.class);
    const run = await executeWithRetry(
      adapter.retry,
      async (context) => observed(await attempt(context), context.attempt, call, options.onAttempt),
      options.retryDeps ?? systemRetryDeps,
    );
    return conclude(adapter, call, run.outcome);
  } catch {
    // pathFor, argsFor or parse threw: a gateway defect whose message may hold anything.
    return adapter.fail(call, "INTERNAL_FAILURE");
  }
}

/** The caller's context, its events also appended to `options.audit` when given. */
function audited<Input>(options: RunOptions<Input>): ToolgateContext | undefined {
  const { audit, context } = options;
  if (!audit) return context;
  const upstream = upstreamText(options.upstream);
  const template = "pathTemplate" in options.upstream ? options.upstream.pathTemplate : undefined;
  const where = template === undefined ? {} : { pathTemplate: template };
  return {
    ...context,
    onEvent: (event) => {
      bestEffort(() => context?.onEvent?.(event));
      audit.record(event, upstream, where);
    },
  };
}

const REFUSALS: Readonly<Record<string, "USER_DENIED" | "VAULT_LOCKED">> = { denied: "USER_DENIED", vault_locked: "VAULT_LOCKED" };

/** The code that stops the call, or undefined to go on. A throw or an unknown answer is a gateway defect. */
async function approval<Input>(approve: RunOptions<Input>["approve"], call: ToolCall<Input>): Promise<string | undefined> {
  if (!approve) return undefined;
  try {
    const decision: unknown = await approve(call);
    if (decision === "approved") return undefined;
    return typeof decision === "string" && Object.hasOwn(REFUSALS, decision) ? REFUSALS[decision] : "INTERNAL_FAILURE";
  } catch {
    return "INTERNAL_FAILURE";
  }
}

function conclude<Input, Output, View>(adapter: Adapter<Input, Output, View>, call: ToolCall<Input>, outcome: Attempt): AgentResult<View> {
  if (outcome.ok) return adapter.adapt(outcome.body, call);
  const { evidence } = outcome;
  if (evidence !== undefined) {
    bestEffort(() => call.context.onRawEvidence?.({ tool: call.tool, request_id: call.request_id, raw: evidence }));
  }
  const options: FailOptions = {
    layer: outcome.layer,
    ...(outcome.upstreamStatus === undefined ? {} : { upstreamStatus: outcome.upstreamStatus }),
    ...(outcome.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: outcome.retryAfterSeconds }),
  };
  return adapter.fail(call, outcome.code, options);
}

function observed<Input>(outcome: Attempt, attempt: number, call: ToolCall<Input>, onAttempt: RunOptions<Input>["onAttempt"]): Attempt {
  if (onAttempt) {
    const code = outcome.ok ? undefined : outcome.code;
    bestEffort(() => onAttempt({ tool: call.tool, request_id: call.request_id, attempt, code, operator: outcome.operator }));
  }
  return outcome;
}

/** Operator sinks must not change what the agent gets, so their failures are dropped. */
function bestEffort(sink: () => void): void {
  try {
    sink();
  } catch {
    /* the agent result is already decided */
  }
}
