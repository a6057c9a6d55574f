import { CATALOG, isCatalogCode } from "./errors/catalog.js";
import type { CallerAction } from "./errors/catalog.js";
import type { AgentError } from "./result.js";

/** RFC 9457 media type for problem details. */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * RFC 9457 problem details derived from the same catalog as the agent envelope, so an HTTP caller
 * sees the same fixed wording: `detail` is the catalog message, never upstream text (RFC 9457 §5).
 */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly code: string;
  readonly action: CallerAction;
  readonly retryable: boolean;
  readonly invalid_fields?: readonly string[];
  readonly retry_after_seconds?: number;
  /** The operation an `inspect_outcome` error names (OUTCOME_UNKNOWN): what to look up before acting again. */
  readonly operation?: string;
}

/** Tool-specific codes have no catalog title or status; they render as a generic tool error. */
const TOOL_SPECIFIC = { title: "Tool error", httpStatus: 500 } as const;
/** A code is embedded in a URN, so it must stay within the URN-safe code grammar. */
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

export function toProblemDetails(error: AgentError, instance?: string): ProblemDetails {
  const safe = CODE_PATTERN.test(error.code) ? error : internalFailure();
  const entry = isCatalogCode(safe.code) ? CATALOG[safe.code] : TOOL_SPECIFIC;
  return {
    type: `urn:toolgate:error:${safe.code}`,
    title: entry.title,
    status: entry.httpStatus,
    detail: safe.message,
    ...(instance === undefined ? {} : { instance }),
    code: safe.code,
    action: safe.action,
    retryable: safe.retryable,
    ...(safe.invalid_fields === undefined ? {} : { invalid_fields: safe.invalid_fields }),
    ...(safe.retry_after_seconds === undefined ? {} : { retry_after_seconds: safe.retry_after_seconds }),
    ...(safe.operation === undefined ? {} : { operation: safe.operation }),
  };
}

function internalFailure(): AgentError {
  const entry = CATALOG.INTERNAL_FAILURE;
  return { code: "INTERNAL_FAILURE", action: entry.action, retryable: false, message: entry.message };
}
