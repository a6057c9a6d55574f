import { parseStrict } from "../json/index.js";
import { ownMember } from "../own.js";
import { failure, withOperation, type AgentError, type AgentFailure, type AgentResult } from "../result.js";
import { buildEvent, recordSchemaErrors, type Trace } from "./events.js";
import type { AdapterDefinition, ToolCall } from "./types.js";

interface UpstreamEnvelope<Output> {
  readonly request_id: string;
  readonly outcome: "success" | "failure";
  readonly data?: Output;
  readonly error?: { readonly code: string };
}

/** What the pipeline and its event read of a definition; an MCP client's contract supplies the same parts. */
export type PipelineDefinition<I, O, V> = Pick<
  AdapterDefinition<I, O, V>,
  "tool" | "version" | "specHash" | "limits" | "envelope" | "errors" | "operation" | "validateResponse" | "bind" | "semantic" | "select" | "undeclared"
>;

type Def<I, O, V> = PipelineDefinition<I, O, V>;

/** The table's entry for `code`, own entries only: a polluted Object.prototype member is no declared error. */
export const declaredError = (def: Def<unknown, unknown, unknown>, code: string): AgentError | undefined =>
  ownMember(def.errors, code) as AgentError | undefined;

export const errorFor = (def: Def<unknown, unknown, unknown>, code: string): AgentError =>
  withOperation(declaredError(def, code) ?? def.errors.INTERNAL_FAILURE!, def.operation);

/** Records the verdict and returns the fixed error for `code`; the first layer to decide wins. */
export function reject(def: Def<unknown, unknown, unknown>, call: ToolCall<unknown>, trace: Trace, code: string, layer: Trace["layer"]): AgentFailure {
  trace.code = code;
  trace.layer ??= layer;
  return failure(def.tool, call.request_id, errorFor(def, code));
}

/**
 * Delivers the operator record. A sink that throws must not change what the agent gets, nor keep
 * the other sink from its record.
 */
export function report(def: Def<unknown, unknown, unknown>, call: ToolCall<unknown>, trace: Trace, raw: string | Uint8Array | undefined, startedAt: number): void {
  const { onEvent, onRawEvidence } = call.context;
  if (trace.code !== undefined && raw !== undefined && onRawEvidence) bestEffort(() => onRawEvidence({ tool: def.tool, request_id: call.request_id, raw }));
  if (onEvent) bestEffort(() => onEvent(buildEvent(def, call, trace, raw, startedAt)));
}

/** The walk is for the operator only: should it ever throw, the agent's result stays as decided. */
function undeclaredIn(walk: (response: unknown) => readonly string[], response: unknown): readonly string[] | undefined {
  try {
    return walk(response);
  } catch {
    return undefined;
  }
}

function bestEffort(deliver: () => void): void {
  try {
    deliver();
  } catch {
    /* the operator channel is best effort; the agent result is already decided */
  }
}

/** limits → strict parse → schema → (envelope) → binding → semantic → selection, in this order only. */
export function runPipeline<I, O, V>(def: Def<I, O, V>, raw: string | Uint8Array, call: ToolCall<I>, trace: Trace): AgentResult<V> {
  const fail = (code: string, layer: Trace["layer"]): AgentFailure => reject(def as Def<unknown, unknown, unknown>, call, trace, code, layer);
  const parsed = parseStrict(raw, def.limits);
  if (!parsed.ok) {
    trace.parseReason = parsed.reason;
    if (parsed.layer === "syntax") trace.syntaxValid = false;
    return fail("INVALID_RESPONSE", parsed.layer);
  }
  trace.syntaxValid = true;
  trace.schemaValid = def.validateResponse(parsed.value);
  if (!trace.schemaValid) {
    recordSchemaErrors(trace, def.validateResponse);
    return fail("INVALID_RESPONSE", "schema");
  }
  if (def.undeclared) trace.undeclaredMembers = undeclaredIn(def.undeclared, parsed.value);
  let output = parsed.value as O;
  if (def.envelope) {
    const envelope = parsed.value as UpstreamEnvelope<O>;
    if (envelope.request_id !== call.request_id) return (trace.checkId = "request_id"), fail("INVALID_RESPONSE", "binding");
    if (envelope.outcome === "failure") return fail(envelope.error!.code, "upstream");
    output = envelope.data as O;
  }
  const now = (call.context.now ?? Date.now)();
  trace.layer = "binding";
  trace.checkId = def.bind(output, call.input, now);
  if (trace.checkId !== undefined) return fail("INVALID_RESPONSE", "binding");
  trace.layer = "semantic";
  trace.checkId = def.semantic(output, call.input, now);
  if (trace.checkId !== undefined) return fail("INVALID_RESPONSE", "semantic");
  trace.layer = "selection";
  const data = def.select(output);
  trace.layer = undefined;
  return { tool: def.tool, request_id: call.request_id, outcome: "success", data };
}
