import { newRequestId } from "../ids.js";
import { parseStrict } from "../json/index.js";
import { failure, type AgentError, type AgentFailure, type AgentResult } from "../result.js";
import { compileRetryPolicy } from "../retry/policy.js";
import { buildEvent, issuesOf, newTrace, type Trace } from "./events.js";
import { invalidFields } from "./input.js";
import type { Adapter, AdapterDefinition, CallStart, FailOptions, ToolCall, ToolgateContext } from "./types.js";

const DEFAULT_CONTEXT: ToolgateContext = Object.freeze({});

interface UpstreamEnvelope<Output> {
  readonly request_id: string;
  readonly outcome: "success" | "failure";
  readonly data?: Output;
  readonly error?: { readonly code: string };
}

/**
 * The adapter pipeline in its fixed order: limits → strict parse → schema → binding → semantic →
 * selection. Each layer records its verdict in a trace; the agent only ever gets the selected view
 * or a fixed error from the spec's table.
 */
export function createAdapter<Input, Output, View>(def: AdapterDefinition<Input, Output, View>): Adapter<Input, Output, View> {
  const errorFor = (code: string): AgentError => def.errors[code] ?? def.errors.INTERNAL_FAILURE!;

  const report = (call: ToolCall<Input>, trace: Trace, raw: string | Uint8Array | undefined, startedAt: number): void => {
    const { onEvent, onRawEvidence } = call.context;
    // A sink that throws must not change what the agent gets.
    try {
      if (trace.code !== undefined && raw !== undefined && onRawEvidence) onRawEvidence({ tool: def.tool, request_id: call.request_id, raw });
      if (onEvent) onEvent(buildEvent(def, call as ToolCall<unknown>, trace, raw, startedAt));
    } catch {
      /* the operator channel is best effort; the agent result is already decided */
    }
  };

  const reject = (call: ToolCall<Input>, trace: Trace, code: string, layer: Trace["layer"]): AgentFailure => {
    trace.code = code;
    trace.layer ??= layer;
    return failure(def.tool, call.request_id, errorFor(code));
  };

  function run(raw: string | Uint8Array, call: ToolCall<Input>, trace: Trace): AgentResult<View> {
    const parsed = parseStrict(raw, def.limits);
    if (!parsed.ok) {
      trace.parseReason = parsed.reason;
      if (parsed.layer === "syntax") trace.syntaxValid = false;
      return reject(call, trace, "INVALID_RESPONSE", parsed.layer);
    }
    trace.syntaxValid = true;
    trace.schemaValid = def.validateResponse(parsed.value);
    if (!trace.schemaValid) {
      trace.schemaErrors = issuesOf(def.validateResponse);
      return reject(call, trace, "INVALID_RESPONSE", "schema");
    }
    let output = parsed.value as Output;
    if (def.envelope) {
      const envelope = parsed.value as UpstreamEnvelope<Output>;
      if (envelope.request_id !== call.request_id) return (trace.checkId = "request_id"), reject(call, trace, "INVALID_RESPONSE", "binding");
      if (envelope.outcome === "failure") return reject(call, trace, envelope.error!.code, "upstream");
      output = envelope.data as Output;
    }
    const now = (call.context.now ?? Date.now)();
    trace.layer = "binding";
    trace.checkId = def.bind(output, call.input, now);
    if (trace.checkId !== undefined) return reject(call, trace, "INVALID_RESPONSE", "binding");
    trace.layer = "semantic";
    trace.checkId = def.semantic(output, call.input, now);
    if (trace.checkId !== undefined) return reject(call, trace, "INVALID_RESPONSE", "semantic");
    trace.layer = "selection";
    const data = def.select(output);
    trace.layer = undefined;
    return { tool: def.tool, request_id: call.request_id, outcome: "success", data };
  }

  return {
    tool: def.tool,
    version: def.version,
    retry: compileRetryPolicy(def.retry),
    call(args: unknown, context: ToolgateContext = DEFAULT_CONTEXT): CallStart<Input> {
      const call: ToolCall<Input> = { tool: def.tool, request_id: newRequestId(), input: args as Input, context };
      if (def.validateInput(args)) return { ok: true, call };
      const trace = newTrace();
      trace.schemaErrors = issuesOf(def.validateInput);
      const error: AgentError = { ...errorFor("INVALID_INPUT"), invalid_fields: invalidFields(def.validateInput) };
      trace.code = "INVALID_INPUT";
      trace.layer = "input";
      report(call, trace, undefined, context.onEvent ? performance.now() : 0);
      return { ok: false, result: failure(def.tool, call.request_id, error) };
    },
    adapt(raw: string | Uint8Array, call: ToolCall<Input>): AgentResult<View> {
      const startedAt = call.context.onEvent ? performance.now() : 0;
      const trace = newTrace();
      let result: AgentResult<View>;
      try {
        result = run(raw, call, trace);
      } catch {
        // A hook or selector that throws is a defect of the adapter, not the upstream's text to relay.
        trace.checkId ??= "exception";
        result = reject(call, trace, "INTERNAL_FAILURE", trace.layer ?? "selection");
      }
      report(call, trace, raw, startedAt);
      return result;
    },
    fail(call: ToolCall<Input>, code: string, options: FailOptions = {}): AgentFailure {
      const trace = newTrace();
      if (options.upstreamStatus !== undefined) trace.upstreamStatus = options.upstreamStatus;
      const base = errorFor(code);
      const error = options.retryAfterSeconds === undefined || !base.retryable ? base : { ...base, retry_after_seconds: options.retryAfterSeconds };
      trace.code = def.errors[code] ? code : "INTERNAL_FAILURE";
      trace.layer = options.layer ?? "transport";
      report(call, trace, undefined, call.context.onEvent ? performance.now() : 0);
      return failure(def.tool, call.request_id, error);
    },
  };
}
