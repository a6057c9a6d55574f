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
 * attempt transport facts to `onAttempt`; neither channel is ever shown to the agent. With `audit`,
 * every boundary of the call goes into the audit chain, in order (README, "Audit log").
 */
import { executeWithRetry, systemRetryDeps } from "@toolgate/runtime";
import type { AdaptResult, AgentResult, AnyAdapter, FailOptions, RetryDeps, ToolCall, ToolgateContext } from "@toolgate/runtime";
import { adapterTrail, type AuditLog, type CallTrail } from "@toolgate/runtime/audit";
import { attemptFor, describeUpstream } from "./attempts.js";
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
/** The decision with the approver's opaque id, for the audit record. */
export type Approval = ApprovalDecision | { readonly decision: ApprovalDecision; readonly approver_id?: string };

export interface RunOptions<Input> {
  readonly upstream: Upstream<Input>;
  /**
   * Asked before any attempt, so nothing runs that a person has not allowed: a denial is USER_DENIED (stop, never rephrase and resend),
   * a locked credential store VAULT_LOCKED (a person must unlock it). The decision's event, at the
   * layer "approval", is recorded before anything is executed.
   */
  readonly approve?: (call: ToolCall<Input>) => Approval | Promise<Approval>;
  readonly context?: ToolgateContext;
  /** Where every boundary of the call is recorded; an unsafe call's intent is written durably first. */
  readonly audit?: AuditLog;
  /** The opaque id of the credential the upstream uses (never the secret), for the audit record. */
  readonly credentialId?: string;
  /**
   * Run an unsafe call even when its intent record could not be written (default false: the call
   * does not run and returns INTERNAL_FAILURE, so no side effect happens off the record).
   */
  readonly runWithoutIntent?: boolean;
  readonly onAttempt?: (record: AttemptRecord) => void;
  /** Clock, sleep and randomness of the retry loop (tests inject them). */
  readonly retryDeps?: RetryDeps;
}

/** Runs a tool call and returns the agent result. Never throws. */
export async function runTool<Input, Output, View>(
  adapter: AnyAdapter<Input, Output, View>,
  args: unknown,
  options: RunOptions<Input>,
): Promise<AgentResult<View>> {
  const audit = adapterTrail(options.audit, options.context, adapter.retry.class, describeUpstream(options.upstream));
  const started = adapter.call(args, audit.context);
  if (!started.ok) {
    const { tool, request_id } = started.result;
    return audit.returned(started.result, audit.open({ ok: false, tool, request_id, invalidFields: started.result.error.invalid_fields ?? [] }));
  }
  const { call } = started;
  const trail = audit.open({ ok: true, tool: call.tool, request_id: call.request_id });
  if (options.credentialId !== undefined) trail?.credentialSelected(options.credentialId);
  return audit.returned(await authorizedRun(adapter, call, options, trail), trail);
}

async function authorizedRun<Input, Output, View>(
  adapter: AnyAdapter<Input, Output, View>,
  call: ToolCall<Input>,
  options: RunOptions<Input>,
  trail: CallTrail | undefined,
): Promise<AgentResult<View>> {
  const { refusal, approver } = await approval(options.approve, call);
  if (options.approve) trail?.authorization(refusal ?? "approved", approver);
  if (refusal !== undefined) return adapter.fail(call, refusal, { layer: "approval" });
  try {
    const attempt = attemptFor(options.upstream, call, adapter.retry.class);
    const run = await executeWithRetry(
      adapter.retry,
      async (context) => {
        // Intent before side effect: an unsafe request is not sent unless its intent is on disk.
        if (trail && !trail.intent(context.attempt) && options.runWithoutIntent !== true) throw new Error("intent not recorded");
        return observed(await attempt(context, trail?.upstream(context.attempt)), context.attempt, call, options.onAttempt);
      },
      options.retryDeps ?? systemRetryDeps,
      trail?.attemptFinished,
    );
    return await conclude(adapter, call, run.outcome);
  } catch {
    // pathFor, argsFor or parse threw, or the intent could not be written: the message may hold anything.
    return adapter.fail(call, "INTERNAL_FAILURE");
  }
}

const REFUSALS: Readonly<Record<string, "USER_DENIED" | "VAULT_LOCKED">> = { denied: "USER_DENIED", vault_locked: "VAULT_LOCKED" };

type Refusal = "USER_DENIED" | "VAULT_LOCKED" | "INTERNAL_FAILURE";

/** The code that stops the call (undefined to go on) and who decided. A throw or an unknown answer is a gateway defect. */
async function approval<Input>(approve: RunOptions<Input>["approve"], call: ToolCall<Input>): Promise<{ refusal?: Refusal; approver?: string }> {
  if (!approve) return {};
  try {
    const given: unknown = await approve(call);
    const { decision, approver_id: approver } = (typeof given === "object" && given !== null ? given : { decision: given }) as { decision?: unknown; approver_id?: unknown };
    const who = typeof approver === "string" ? { approver } : {};
    if (decision === "approved") return who;
    return { refusal: typeof decision === "string" && Object.hasOwn(REFUSALS, decision) ? REFUSALS[decision]! : "INTERNAL_FAILURE", ...who };
  } catch {
    return { refusal: "INTERNAL_FAILURE" };
  }
}

function conclude<Input, Output, View>(adapter: AnyAdapter<Input, Output, View>, call: ToolCall<Input>, outcome: Attempt): AdaptResult<View> {
  // An async tool's adapt (a tool with async hooks) resolves to its result; the caller awaits it.
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
