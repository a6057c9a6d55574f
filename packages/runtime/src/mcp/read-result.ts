import { MAX_INVALID_FIELDS, PLAIN_NAME } from "../adapter/input.js";
import { isCatalogCode } from "../errors/catalog.js";
import { catalogError } from "../errors/table.js";
import { newRequestId, OPAQUE_ID_PATTERN } from "../ids.js";
import { parseStrict } from "../json/index.js";
import { failure, withOperation, type AgentError, type AgentFailure, type AgentResult } from "../result.js";
import { RETRY_AFTER_MAX_SECONDS } from "../upstream/retry-after.js";
import type { RetryClass } from "../retry/policy.js";
import { verdictOf, type Validator } from "../validate/support.js";
import { REQUEST_ID_META_KEY } from "./call-tool-result.js";

/** What a client knows about one tool from the generated code, independent of any `tools/list`. */
export interface ToolResultContract {
  readonly tool: string;
  /** The generated, precompiled validator of the agent view (the tool's MCP `outputSchema`). */
  readonly validateAgentView: Validator;
  /** The tool's error table: code → catalog wording, action and retryability. */
  readonly errors: Readonly<Record<string, AgentError>>;
  /** Decides the retryability of catalog codes outside the table, as the adapter does for transport failures. */
  readonly retryClass: RetryClass;
  /** The spec's operation, named in inspect_outcome errors from this contract, never from the server's text. */
  readonly operation?: string;
}

// A failure envelope is a few hundred bytes; anything far larger is not one.
const ENVELOPE_LIMITS = { maxBytes: 64 * 1024, maxDepth: 8 } as const;

type Fields = { readonly [key: string]: unknown };
const isRecord = (value: unknown): value is Fields => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Reads an MCP `CallToolResult` from any client into the tool's typed result. Success needs
 * `structuredContent` that the precompiled agent-view validator accepts; failure needs a
 * toolgate failure envelope whose code the tool can produce (its table, or a catalog code), and
 * is rebuilt from the catalog wording, so no text chosen by the server reaches the agent. Anything else is INVALID_RESPONSE.
 */
export function readCallToolResult<View>(result: unknown, contract: ToolResultContract): AgentResult<View> {
  if (!isRecord(result)) return invalidResponse(contract, undefined);
  const metaId = isRecord(result._meta) ? opaqueId(result._meta[REQUEST_ID_META_KEY]) : undefined;
  if (result.isError === true) return readFailure(result, contract, metaId);
  const view = result.structuredContent;
  if (!isRecord(view) || verdictOf(contract.validateAgentView, view) !== true) return invalidResponse(contract, metaId);
  return { tool: contract.tool, request_id: metaId ?? newRequestId(), outcome: "success", data: view as View };
}

function readFailure(result: Fields, contract: ToolResultContract, metaId: string | undefined): AgentFailure {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const text = blocks.find((b): b is Fields => isRecord(b) && b.type === "text" && typeof b.text === "string")?.text;
  const parsed = typeof text === "string" ? parseStrict(text, ENVELOPE_LIMITS) : undefined;
  const envelope = parsed?.ok ? parsed.value : undefined;
  if (!isRecord(envelope) || envelope.tool !== contract.tool || envelope.outcome !== "failure" || !isRecord(envelope.error)) {
    return invalidResponse(contract, metaId);
  }
  const id = opaqueId(envelope.request_id);
  const entry = knownError(envelope.error.code, contract);
  if (id === undefined || entry === undefined || (metaId !== undefined && metaId !== id)) return invalidResponse(contract, metaId);
  return failure(contract.tool, id, withOperation({ ...entry, ...trustedExtras(envelope.error, entry) }, contract.operation));
}

/** The two optional error fields, kept only in the form the adapter itself would produce. */
function trustedExtras(error: Fields, entry: AgentError): Partial<AgentError> {
  const fields = error.invalid_fields;
  if (entry.code === "INVALID_INPUT" && Array.isArray(fields) && fields.length <= MAX_INVALID_FIELDS) {
    const names = fields.filter((f): f is string => typeof f === "string" && PLAIN_NAME.test(f));
    return names.length === fields.length ? { invalid_fields: names } : {};
  }
  const seconds = error.retry_after_seconds;
  if (entry.retryable && Number.isInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= RETRY_AFTER_MAX_SECONDS) {
    return { retry_after_seconds: seconds as number };
  }
  return {};
}

/** A code of the tool's table, or any catalog code (a transport failure can reach every tool). */
function knownError(code: unknown, contract: ToolResultContract): AgentError | undefined {
  if (typeof code !== "string") return undefined;
  if (Object.hasOwn(contract.errors, code)) return contract.errors[code];
  return isCatalogCode(code) ? catalogError(code, contract.retryClass) : undefined;
}

function opaqueId(value: unknown): string | undefined {
  return typeof value === "string" && OPAQUE_ID_PATTERN.test(value) ? value : undefined;
}

function invalidResponse(contract: ToolResultContract, requestId: string | undefined): AgentFailure {
  return failure(contract.tool, requestId ?? newRequestId(), catalogError("INVALID_RESPONSE", contract.retryClass));
}
