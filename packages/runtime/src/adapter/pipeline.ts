import { parseStrict, type ParseFailure, type ParseOutcome } from "../json/index.js";
import { ownMember } from "../own.js";
import { failure, withOperation, type AgentError, type AgentResult, type Layer } from "../result.js";
import { buildEvent, schemaErrorsOf } from "./events.js";
import type { AdapterDefinition, ToolCall } from "./types.js";
import { Judgement, pass, stop, type Outcome, type Stop, type Verdict } from "./verdict.js";

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

/** What the agent gets for a judgement: the last stage's value, or the fixed error for the code that ended the call. */
export function settle<V>(def: Def<unknown, unknown, unknown>, call: ToolCall<unknown>, judgement: Judgement<V>): AgentResult<V> {
  const { verdict } = judgement;
  if (verdict.ok) return { tool: def.tool, request_id: call.request_id, outcome: "success", data: verdict.value };
  return failure(def.tool, call.request_id, verdict.error ?? errorFor(def, verdict.code));
}

/**
 * Delivers the operator record. A sink that throws must not change what the agent gets, nor keep
 * the other sink from its record.
 */
export function report(def: Def<unknown, unknown, unknown>, call: ToolCall<unknown>, outcome: Outcome, raw: string | Uint8Array | undefined, startedAt: number): void {
  const { onEvent, onRawEvidence } = call.context;
  if (outcome.code !== undefined && raw !== undefined && onRawEvidence) bestEffort(() => onRawEvidence({ tool: def.tool, request_id: call.request_id, raw }));
  if (onEvent) bestEffort(() => onEvent(buildEvent(def, call, outcome, raw, startedAt)));
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
export function runPipeline<I, O, V>(def: Def<I, O, V>, raw: string | Uint8Array, call: ToolCall<I>): Judgement<V> {
  return selected(def, runChecks(def, raw, call));
}

/** The last stage: the agent view of an output every check passed. */
export const selected = <O, V>(def: Pick<Def<unknown, O, V>, "select">, judgement: Judgement<O>): Judgement<V> =>
  judgement.step("selection", selection, def);

const selection = <O, V>(output: O, def: Pick<Def<unknown, O, V>, "select">): Verdict<V> => pass(def.select(output));

/** Every stage before selection; a tool's async checks run between the two. */
export function runChecks<I, O, V>(def: Def<I, O, V>, raw: string | Uint8Array, call: ToolCall<I>): Judgement<O> {
  return Judgement.of(pass(raw))
    .step(undefined, strictlyParsed, def)
    .step(undefined, validate, def)
    .step(undefined, openEnvelope<O>, def.envelope, call)
    .step(undefined, clocked, call)
    .step("binding", bound, def, call)
    .step("semantic", sound, def, call);
}

/** The output with the call's clock, read once: binding and semantic checks judge the same instant. */
interface Clocked<O> {
  readonly output: O;
  readonly now: number;
}

const clocked = <O>(output: O, call: ToolCall<unknown>): Verdict<Clocked<O>> => pass({ output, now: (call.context.now ?? Date.now)() });

const bound = <I, O>(at: Clocked<O>, def: Def<I, O, unknown>, call: ToolCall<I>): Verdict<Clocked<O>> =>
  checked("binding", def.bind(at.output, call.input, at.now), at);

const sound = <I, O>(at: Clocked<O>, def: Def<I, O, unknown>, call: ToolCall<I>): Verdict<O> =>
  checked("semantic", def.semantic(at.output, call.input, at.now), at.output);

type Parsed = Extract<ParseOutcome, { ok: true }>;

const SYNTAX_VALID = Object.freeze({ syntaxValid: true });

/**
 * The parse stage at module level (a closure over `def` would be allocated on every call). It hands
 * the schema stage the outcome itself: the response validator's member count may have cleared the
 * text, and then it has already accepted the value.
 */
function strictlyParsed(raw: string | Uint8Array, def: Pick<Def<unknown, unknown, unknown>, "limits" | "validateResponse">): Verdict<Parsed> {
  const outcome = parseStrict(raw, def.limits, def.validateResponse.proof);
  return outcome.ok ? pass(outcome, SYNTAX_VALID) : refused(outcome);
}

/** A strict parse's verdict: the value, or INVALID_RESPONSE in the limits or syntax layer. */
export const parsed = (outcome: ParseOutcome): Verdict<unknown> => (outcome.ok ? pass(outcome.value, SYNTAX_VALID) : refused(outcome));

const refused = (failure: ParseFailure): Stop =>
  stop("INVALID_RESPONSE", failure.layer, { parseReason: failure.reason, ...(failure.layer === "syntax" ? { syntaxValid: false } : {}) });

/** The facts of a response that passed its schema, shared: the hot path allocates none. */
const SCHEMA_VALID = Object.freeze({ schemaValid: true });

function validate({ value, validated }: Parsed, def: Pick<Def<unknown, unknown, unknown>, "validateResponse" | "undeclared">): Verdict<unknown> {
  if (validated !== true && !def.validateResponse(value)) return stop("INVALID_RESPONSE", "schema", { schemaValid: false, ...schemaErrorsOf(def.validateResponse) });
  return pass(value, def.undeclared ? { schemaValid: true, undeclaredMembers: undeclaredIn(def.undeclared, value) } : SCHEMA_VALID);
}

/** The upstream's own envelope (when the spec declares one): this call's request id, and its data or its declared failure. */
function openEnvelope<O>(value: unknown, enveloped: boolean, call: ToolCall<unknown>): Verdict<O> {
  if (!enveloped) return pass(value as O);
  const envelope = value as UpstreamEnvelope<O>;
  if (envelope.request_id !== call.request_id) return stop("INVALID_RESPONSE", "binding", { checkId: "request_id" });
  if (envelope.outcome === "failure") return stop(envelope.error!.code, "upstream");
  return pass(envelope.data as O);
}

/** A check function's answer: the id of the check that failed, or undefined to go on with `value` (no passing stage sets an id). */
const checked = <T>(layer: Layer, checkId: string | undefined, value: T): Verdict<T> =>
  checkId === undefined ? pass(value) : stop("INVALID_RESPONSE", layer, { checkId });
