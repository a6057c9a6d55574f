import type { CallerAction } from "./errors/catalog.js";

/** The error object an agent sees: catalog wording only, no upstream text, no values. */
export interface AgentError {
  readonly code: string;
  readonly action: CallerAction;
  readonly retryable: boolean;
  readonly message: string;
  /** Names (never values) of the input fields to repair; only with INVALID_INPUT. */
  readonly invalid_fields?: readonly string[];
  /** Only from a trusted, parsed and bounded source (a Retry-After header), never from a body. */
  readonly retry_after_seconds?: number;
  /**
   * With `inspect_outcome` only: the spec's name for the kind of action that may have happened
   * (e.g. `create_deployment`), so the agent can look for a read-only status call. Never a
   * route or a payload.
   */
  readonly operation?: string;
}

/** The error as it goes out: an `inspect_outcome` error names the tool's operation, when the spec has one. */
export function withOperation(error: AgentError, operation: string | undefined): AgentError {
  return operation !== undefined && error.action === "inspect_outcome" ? { ...error, operation } : error;
}

export interface AgentSuccess<View> {
  readonly tool: string;
  readonly request_id: string;
  readonly outcome: "success";
  readonly data: View;
}

export interface AgentFailure {
  readonly tool: string;
  readonly request_id: string;
  readonly outcome: "failure";
  readonly error: AgentError;
}

export type AgentResult<View> = AgentSuccess<View> | AgentFailure;

/** The layer of the adapter pipeline that decided a failure; the operator event names it, so a failure leads to its check. */
export type Layer =
  | "input"
  | "approval"
  | "transport"
  | "syntax"
  | "schema"
  | "binding"
  | "semantic"
  | "selection"
  | "upstream";

export function failure(tool: string, requestId: string, error: AgentError): AgentFailure {
  return { tool, request_id: requestId, outcome: "failure", error };
}
