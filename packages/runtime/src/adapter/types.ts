import type { ParseLimits } from "../json/index.js";
import type { AgentError, AgentFailure, AgentResult, Layer } from "../result.js";
import type { RetryPolicy } from "../retry/policy.js";
import type { ValidationIssue, Validator } from "../validate/support.js";

/** What the operator learns about one call, on a channel the agent never sees: the evidence stays out of the model's context. */
export interface AdapterEvent {
  readonly tool: string;
  readonly spec_version: number;
  readonly spec_hash: string;
  readonly request_id: string;
  readonly outcome: "success" | "failure";
  readonly code: string | undefined;
  readonly layer: Layer | undefined;
  /** null when the pipeline stopped before that layer ran. */
  readonly syntax_valid: boolean | null;
  readonly schema_valid: boolean | null;
  /**
   * Every failure of the schema layer (or of the input check), at most 16: paths, keyword and the
   * params that make it actionable (see ValidationIssue); never a value or the validator's message.
   */
  readonly schema_errors: readonly ValidationIssue[];
  /** Failures left out of `schema_errors` by its bound. */
  readonly schema_errors_truncated: number;
  /**
   * `unknown_members: ignore` tools only, once the response passed validation: JSON Pointers (into
   * the response) of members the spec does not declare, at most 16, each segment escaped and cut
   * to 64 characters. Nothing undeclared reaches the agent; this is how upstream drift shows.
   */
  readonly undeclared_members?: readonly string[];
  readonly check_id: string | undefined;
  /** An async check (see AsyncCheck) that timed out or whose promise rejected; absent otherwise. */
  readonly check_failure?: "timeout" | "rejected";
  readonly parse_reason: string | undefined;
  readonly upstream_status: number | undefined;
  readonly raw_sha256: string | undefined;
  readonly raw_bytes: number | undefined;
  readonly duration_ms: number;
  /** The platform's ids for this call, so the event joins the platform's own trace, when the caller passed them in `context.correlation`. */
  readonly correlation?: Correlation;
  /** The operator's labels from `context.labels` (environment, tool versions, host role), the valid ones, sorted by name. */
  readonly labels?: OperatorLabels;
}

/**
 * Where a call ran, as the operator names it: `{ environment: "prod", host_role: "gateway",
 * "tool.review_status": "3" }`. At most 16 labels; a name is 1–64 of a–z 0–9 . _ - starting with a
 * letter, a value 1–128 printable ASCII characters. Anything else is left out of the records.
 */
export type OperatorLabels = Readonly<Record<string, string>>;

/**
 * How the agent platform names this call: the model's tool-call id and the conversation and turn
 * it belongs to. Names differ per platform (call_id, tool_call_id, toolUseId), so they are passed
 * in, never guessed; each is kept only as 1–256 printable ASCII characters without spaces.
 */
export interface Correlation {
  readonly conversation_id?: string;
  readonly interaction_id?: string;
  readonly tool_call_id?: string;
}

/** Raw bytes for an explicitly protected store (opt-in); never written anywhere by default. */
export interface RawEvidence {
  readonly tool: string;
  readonly request_id: string;
  readonly raw: string | Uint8Array;
}

/** For replaying recorded calls (fixtures, `toolgate check`), never for a live call. */
export interface CallOptions {
  /** The recorded request id an envelope response carries, instead of a fresh one. */
  readonly requestId?: string;
  /** Issue the call even though `args` fail the input schema (a response judged without its call's input). */
  readonly unvalidatedInput?: true;
}

/** How a call is observed and timed. Injected so tests and gateways control clock and sinks. */
export interface ToolgateContext {
  readonly now?: () => number;
  /** Copied into the call's event, so an operator can join it with the platform's own records. */
  readonly correlation?: Correlation;
  /** Copied into every event (and so every audit record and span) of the call: see OperatorLabels. */
  readonly labels?: OperatorLabels;
  readonly onEvent?: (event: AdapterEvent) => void;
  readonly onRawEvidence?: (evidence: RawEvidence) => void;
}

/** Frozen by `call()`, input included: the ids and the input a check compares cannot change afterwards. */
export interface ToolCall<Input> {
  readonly tool: string;
  readonly request_id: string;
  readonly input: Input;
  readonly context: ToolgateContext;
}

export type CallStart<Input> = { readonly ok: true; readonly call: ToolCall<Input> } | { readonly ok: false; readonly result: AgentFailure };

/** Returns the id of the failing check, or undefined when every check passed. */
export type CheckFn<Input, Output> = (output: Output, input: Input, now: number) => string | undefined;

/**
 * A check that needs the outside world (a spec `hook` with `async: true`): it runs after the sync
 * checks, under its time budget; `signal` is aborted when the budget is spent.
 */
export interface AsyncCheck<Input, Output> {
  /** The check id the operator event names when it fails, times out or rejects. */
  readonly id: string;
  readonly budgetMs: number;
  readonly run: (output: Output, input: Input, signal: AbortSignal) => Promise<boolean>;
}

/** What a generated adapter module passes to `createAdapter`. */
export interface AdapterDefinition<Input, Output, View> {
  readonly tool: string;
  readonly version: number;
  readonly specHash: string;
  readonly limits: ParseLimits;
  /** true: the upstream sends the whole result envelope; false: only the payload. */
  readonly envelope: boolean;
  /** The declared retry policy; gateways pass it to `executeWithRetry`. */
  readonly retry: RetryPolicy;
  readonly errors: Readonly<Record<string, AgentError>>;
  /** The spec's `upstream.operation`: named in OUTCOME_UNKNOWN-style (inspect_outcome) errors. */
  readonly operation?: string;
  readonly validateInput: Validator;
  /** The envelope validator when `envelope`, else the output validator. */
  readonly validateResponse: Validator;
  /** `unknown_members: ignore` tools: the response's undeclared members (JSON Pointers, bounded). */
  readonly undeclared?: (response: unknown) => readonly string[];
  readonly bind: CheckFn<Input, Output>;
  readonly semantic: CheckFn<Input, Output>;
  readonly select: (output: Output) => View;
}

/** What a generated adapter module with async checks passes to `createAsyncAdapter`. */
export interface AsyncAdapterDefinition<Input, Output, View> extends AdapterDefinition<Input, Output, View> {
  readonly asyncChecks: readonly AsyncCheck<Input, Output>[];
}

export interface FailOptions {
  readonly layer?: Layer;
  readonly upstreamStatus?: number;
  readonly retryAfterSeconds?: number;
}

/** `adapt`'s result: an AgentResult, or a Promise of one for a tool with async checks. */
export type AdaptResult<View> = AgentResult<View> | Promise<AgentResult<View>>;

export interface Adapter<Input, Output, View, Result extends AdaptResult<View> = AgentResult<View>> {
  readonly tool: string;
  readonly version: number;
  readonly retry: RetryPolicy;
  /** The spec's `upstream.operation`, if any: what inspect_outcome errors name. */
  readonly operation: string | undefined;
  /**
   * Validates the agent's arguments and issues a call with a fresh, opaque request id. Only a call
   * this adapter issued can be adapted or failed: a copy, a hand-built object or another adapter's
   * call is INVALID_RESPONSE at layer `binding`, check `call.issued`.
   */
  call(args: unknown, context?: ToolgateContext, options?: CallOptions): CallStart<Input>;
  /**
   * Turns untrusted upstream bytes into the agent result. Never throws. Once per issued call: a
   * second `adapt` (or one after `fail`) of the same call is INVALID_RESPONSE at layer `binding`,
   * check `call.once`, whatever the bytes; a retry asks `call()` again for a new call and request id.
   */
  adapt(raw: string | Uint8Array, call: ToolCall<Input>): Result;
  /** The agent result for a failure found outside `adapt` (transport, upstream status). */
  fail(call: ToolCall<Input>, code: string, options?: FailOptions): AgentFailure;
}

/** The adapter of a tool with async checks: `adapt` resolves, it never rejects. */
export type AsyncAdapter<Input, Output, View> = Adapter<Input, Output, View, Promise<AgentResult<View>>>;

/** Either kind of adapter, for code that serves both (await its `adapt`). */
export type AnyAdapter<Input, Output, View> = Adapter<Input, Output, View> | AsyncAdapter<Input, Output, View>;
