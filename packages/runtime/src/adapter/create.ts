import { isCatalogCode } from "../errors/catalog.js";
import { catalogError } from "../errors/table.js";
import { newRequestId } from "../ids.js";
import { failure, withOperation, type AgentError, type AgentFailure, type AgentResult } from "../result.js";
import { compileRetryPolicy } from "../retry/policy.js";
import { RETRY_AFTER_MAX_SECONDS } from "../upstream/retry-after.js";
import { verdictOf } from "../validate/support.js";
import { schemaErrorsOf } from "./events.js";
import { invalidFields } from "./input.js";
import { observe, startedAt } from "./observe.js";
import { frozenCopy, IssuedCalls, type Refusal } from "./once.js";
import { declaredError, errorFor, report, runPipeline } from "./pipeline.js";
import { observeAsync } from "./async-check.js";
import type { Adapter, AdapterDefinition, AsyncAdapter, AsyncAdapterDefinition, CallOptions, CallStart, FailOptions, ToolCall, ToolgateContext } from "./types.js";
import { Judgement, stop } from "./verdict.js";

const DEFAULT_CONTEXT: ToolgateContext = Object.freeze({});

/** A delay the envelope contract allows: whole seconds within the catalog's bound, or none at all. */
const wholeSeconds = (value: number | undefined): number | undefined =>
  value === undefined || !Number.isFinite(value) ? undefined : Math.min(Math.max(Math.ceil(value), 0), RETRY_AFTER_MAX_SECONDS);

/** What an event about a refused call can use: a hand-built object may lack a context or an id. */
function reportable<Input>(tool: string, call: ToolCall<Input>): ToolCall<Input> {
  const given = (typeof call === "object" && call !== null ? call : {}) as Partial<ToolCall<Input>>;
  const context = typeof given.context === "object" && given.context !== null ? given.context : DEFAULT_CONTEXT;
  const request_id = typeof given.request_id === "string" ? given.request_id : "";
  return { tool, request_id, input: given.input as Input, context };
}

/** The parts every adapter shares: `call`, `fail` and the once-per-call record `adapt` consults. */
function adapterParts<Input, Output, View>(def: AdapterDefinition<Input, Output, View>) {
  const plain = def as AdapterDefinition<unknown, unknown, unknown>;
  const issued = new IssuedCalls();

  function call(args: unknown, context: ToolgateContext = DEFAULT_CONTEXT, options: CallOptions = {}): CallStart<Input> {
    const started = startedAt(context);
    const request_id = options.requestId ?? newRequestId();
    const verdict = options.unvalidatedInput ? true : verdictOf(def.validateInput, args);
    // Frozen once valid: neither the ids nor the input a check compares can change afterwards.
    if (verdict === true) return { ok: true, call: issued.issue(def.tool, request_id, frozenCopy(args as Input), context) };
    const call: ToolCall<Input> = { tool: def.tool, request_id, input: args as Input, context };
    // A validator that threw (arguments nested deeper than the stack) left no errors of this call.
    const facts = verdict === false ? schemaErrorsOf(def.validateInput) : { checkId: "exception" };
    report(plain, call, Judgement.of(stop("INVALID_INPUT", "input", facts)).outcome(), undefined, started);
    const fields = verdict === false ? invalidFields(def.validateInput) : [];
    const error: AgentError = { ...errorFor(plain, "INVALID_INPUT"), invalid_fields: fields };
    return { ok: false, result: failure(def.tool, call.request_id, error) };
  }

  /** A refused call's result and event: binding, whatever the bytes or the code. */
  function refuse(raw: string | Uint8Array | undefined, call: ToolCall<Input>, checkId: Refusal): AgentFailure {
    return observe(plain, raw, reportable(def.tool, call), () => Judgement.of(stop("INVALID_RESPONSE", "binding", { checkId }))) as AgentFailure;
  }

  function fail(call: ToolCall<Input>, code: string, options: FailOptions = {}): AgentFailure {
    // A call failed twice reports twice (a gateway giving up after adapt); only an unknown call is refused.
    if (issued.conclude(call) === "call.issued") return refuse(undefined, call, "call.issued");
    const started = startedAt(call.context);
    // Transport failures can reach any tool: an undeclared catalog code keeps its own action.
    const known = declaredError(plain, code) ?? (isCatalogCode(code) ? catalogError(code, def.retry.class) : undefined);
    const base = known ? withOperation(known, def.operation) : errorFor(plain, "INTERNAL_FAILURE");
    const seconds = wholeSeconds(options.retryAfterSeconds);
    const error = seconds === undefined || !base.retryable ? base : { ...base, retry_after_seconds: seconds };
    const ended = stop(known ? code : "INTERNAL_FAILURE", options.layer ?? "transport", { upstreamStatus: options.upstreamStatus });
    report(plain, call, Judgement.of(ended).outcome(), undefined, started);
    return failure(def.tool, call.request_id, error);
  }

  /** A copied or unknown call (`call.issued`), or a second `adapt` or one after `fail` (`call.once`): never reaches the agent. */
  const replayed = (raw: string | Uint8Array, call: ToolCall<Input>): AgentResult<View> | undefined => {
    const refusal = issued.conclude(call);
    return refusal === undefined ? undefined : refuse(raw, call, refusal);
  };

  return { tool: def.tool, version: def.version, retry: compileRetryPolicy(def.retry), operation: def.operation, call, fail, replayed };
}

/**
 * Builds a tool's adapter from its generated definition. The agent only ever gets the selected view
 * or a fixed error from the spec's table; the operator gets one event per call.
 */
export function createAdapter<Input, Output, View>(def: AdapterDefinition<Input, Output, View>): Adapter<Input, Output, View> {
  const { replayed, ...parts } = adapterParts(def);
  const adapt = (raw: string | Uint8Array, call: ToolCall<Input>): AgentResult<View> =>
    replayed(raw, call) ?? observe(def as AdapterDefinition<unknown, unknown, unknown>, raw, call, () => runPipeline(def, raw, call));
  return { ...parts, adapt };
}

/** `createAdapter` for a tool with async checks (spec hooks with `async: true`): `adapt` returns a Promise. */
export function createAsyncAdapter<Input, Output, View>(def: AsyncAdapterDefinition<Input, Output, View>): AsyncAdapter<Input, Output, View> {
  const { replayed, ...parts } = adapterParts(def);
  const adapt = async (raw: string | Uint8Array, call: ToolCall<Input>): Promise<AgentResult<View>> =>
    replayed(raw, call) ?? observeAsync(def, def.asyncChecks, raw, call);
  return { ...parts, adapt };
}
