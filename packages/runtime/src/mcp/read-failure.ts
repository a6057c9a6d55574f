import { MAX_INVALID_FIELDS, PLAIN_NAME } from "../adapter/input.js";
import { observe } from "../adapter/observe.js";
import { parsed, type PipelineDefinition } from "../adapter/pipeline.js";
import type { ToolCall, ToolgateContext } from "../adapter/types.js";
import { Judgement, pass, stop, type Verdict } from "../adapter/verdict.js";
import { isCatalogCode } from "../errors/catalog.js";
import { catalogError } from "../errors/table.js";
import { newRequestId } from "../ids.js";
import { parseStrict, type ParseOutcome } from "../json/index.js";
import { withOperation, type AgentError, type AgentFailure } from "../result.js";
import type { RetryClass } from "../retry/policy.js";
import { RETRY_AFTER_MAX_SECONDS } from "../upstream/retry-after.js";
import { isRecord, onlyText, opaqueId, own, type Fields } from "./parts.js";

/** What reading a failure needs of the tool's contract. */
export interface FailureContract {
  readonly tool: string;
  readonly errors: Readonly<Record<string, AgentError>>;
  readonly retryClass: RetryClass;
  readonly operation?: string;
}

// A failure envelope is a few hundred bytes; anything far larger is not one.
const ENVELOPE_LIMITS = { maxBytes: 64 * 1024, maxDepth: 8 } as const;

type Def = PipelineDefinition<unknown, unknown, unknown>;

/**
 * An `isError` result: one text block holding a toolgate failure envelope of this tool, whose code
 * the tool can produce, and no `structuredContent`. It is rebuilt from the catalog wording, so no
 * text chosen by the server reaches the agent; anything else is INVALID_RESPONSE.
 */
export function readFailure(result: Fields, contract: FailureContract, def: Def, metaId: string | undefined, input: unknown, context: ToolgateContext): AgentFailure {
  const text = onlyText(result);
  const read = typeof text === "string" ? parseStrict(text, ENVELOPE_LIMITS) : undefined;
  const envelope = read?.ok && isRecord(read.value) ? read.value : undefined;
  const call: ToolCall<unknown> = { tool: contract.tool, request_id: metaId ?? opaqueId(own(envelope, "request_id")) ?? newRequestId(), input, context };
  return observe(def, text ?? undefined, call, () =>
    Judgement.of(pass(read))
      .step(undefined, parsedText)
      .step(undefined, () => relayed({ result, envelope }, contract, call.request_id)),
  ) as AgentFailure;
}

/** The text block's strict parse, when there is one: a text that is no JSON within the limits ends the read. */
function parsedText(outcome: ParseOutcome | undefined): Verdict<unknown> {
  return outcome === undefined ? pass(undefined) : parsed(outcome);
}

/** A well-formed envelope of this tool and call ends the read with its code, in the catalog's wording. */
function relayed({ result, envelope }: { readonly result: Fields; readonly envelope: Fields | undefined }, contract: FailureContract, requestId: string): Verdict<never> {
  const error = own(envelope, "error");
  const entry = isRecord(error) && own(result, "structuredContent") === undefined ? envelopeEntry(envelope!, error, contract, requestId) : undefined;
  if (entry === undefined) return stop("INVALID_RESPONSE", "schema", { schemaValid: false, checkId: "mcp.failure_envelope" });
  const agentError = withOperation({ ...entry, ...trustedExtras(error as Fields, entry) }, contract.operation);
  return stop(entry.code, "upstream", { schemaValid: true }, agentError);
}

/** The table entry for a well-formed envelope of this tool and this request id. */
function envelopeEntry(envelope: Fields, error: Fields, contract: FailureContract, requestId: string): AgentError | undefined {
  if (own(envelope, "tool") !== contract.tool || own(envelope, "outcome") !== "failure" || own(envelope, "request_id") !== requestId) return undefined;
  return knownError(own(error, "code"), contract);
}

/** The two optional error fields, kept only in the form the adapter itself would produce. */
function trustedExtras(error: Fields, entry: AgentError): Partial<AgentError> {
  const fields = own(error, "invalid_fields");
  if (entry.code === "INVALID_INPUT" && Array.isArray(fields) && fields.length <= MAX_INVALID_FIELDS) {
    const names = fields.filter((f): f is string => typeof f === "string" && PLAIN_NAME.test(f));
    return names.length === fields.length ? { invalid_fields: names } : {};
  }
  const seconds = own(error, "retry_after_seconds");
  if (entry.retryable && Number.isInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= RETRY_AFTER_MAX_SECONDS) {
    return { retry_after_seconds: seconds as number };
  }
  return {};
}

/** A code of the tool's table, or any catalog code (a transport failure can reach every tool). */
function knownError(code: unknown, contract: FailureContract): AgentError | undefined {
  if (typeof code !== "string") return undefined;
  if (Object.hasOwn(contract.errors, code)) return contract.errors[code];
  return isCatalogCode(code) ? catalogError(code, contract.retryClass) : undefined;
}
