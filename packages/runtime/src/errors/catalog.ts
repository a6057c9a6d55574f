/**
 * The error taxonomy: one stable code, one caller action, one fixed message. Agents see only this
 * wording, never upstream text, so a code's envelope is the same bytes whatever went wrong.
 */

export type CallerAction =
  | "repair_input"
  | "stop_and_report"
  | "request_approval"
  | "retry_after_delay"
  | "inspect_outcome";

/** Whether a retry can help: "budget" = yes within the spec's retry budget; "if_safe" = only for retry-safe operations. */
export type Retryability = "no" | "yes" | "budget" | "if_safe";

export interface CatalogEntry {
  readonly action: CallerAction;
  readonly retry: Retryability;
  readonly message: string;
  /** HTTP status used when the failure is rendered as RFC 9457 problem details. */
  readonly httpStatus: number;
  readonly title: string;
}

export const CATALOG = {
  INVALID_INPUT: {
    // One wording for every cause: invalid_fields may be empty (an unknown argument is never named back).
    action: "repair_input",
    retry: "no",
    title: "Invalid input",
    message: "The tool call's arguments do not match the tool's input contract. Remove any argument the tool does not take, repair the fields listed in invalid_fields, and call again.",
    httpStatus: 400,
  },
  INVALID_RESPONSE: {
    action: "stop_and_report",
    retry: "no",
    title: "Invalid response",
    message: "The tool returned a result that does not satisfy its contract. It was discarded; do not act on it.",
    httpStatus: 502,
  },
  NOT_FOUND: {
    action: "stop_and_report",
    retry: "no",
    title: "Not found",
    message: "The requested resource was not found.",
    httpStatus: 404,
  },
  VAULT_LOCKED: {
    action: "request_approval",
    retry: "no",
    title: "Vault locked",
    message: "The credential store is locked. A person must unlock it before this tool can run.",
    httpStatus: 423,
  },
  USER_DENIED: {
    action: "stop_and_report",
    retry: "no",
    title: "User denied",
    message: "The requested action was not approved and was not carried out. Do not rephrase or resend it.",
    httpStatus: 403,
  },
  AUTH_FAILED: {
    action: "stop_and_report",
    retry: "no",
    title: "Authentication failed",
    message: "The remote service rejected the stored credential.",
    httpStatus: 502,
  },
  REMOTE_FORBIDDEN: {
    action: "stop_and_report",
    retry: "no",
    title: "Remote forbidden",
    message: "The remote service refused access to the requested resource.",
    httpStatus: 502,
  },
  RATE_LIMITED: {
    action: "retry_after_delay",
    retry: "yes",
    title: "Rate limited",
    message: "The remote service is rate limiting requests. Retry after a delay.",
    httpStatus: 429,
  },
  TEMPORARY_FAILURE: {
    action: "retry_after_delay",
    retry: "budget",
    title: "Temporary failure",
    message: "The remote service failed temporarily. Retry after a delay.",
    httpStatus: 503,
  },
  UPSTREAM_UNAVAILABLE: {
    action: "retry_after_delay",
    retry: "budget",
    title: "Upstream unavailable",
    message: "The remote service is unavailable. Retry after a delay.",
    httpStatus: 503,
  },
  NETWORK_UNREACHABLE: {
    action: "retry_after_delay",
    retry: "if_safe",
    title: "Network unreachable",
    message: "The remote service could not be reached.",
    httpStatus: 502,
  },
  OUTCOME_UNKNOWN: {
    action: "inspect_outcome",
    retry: "no",
    title: "Outcome unknown",
    message: "The request may have reached the remote service. Check its outcome before doing anything else.",
    httpStatus: 504,
  },
  UPSTREAM_ERROR: {
    // An MCP upstream's isError result or JSON-RPC error (toolgate mcp-gate): its text is never passed on.
    action: "stop_and_report",
    retry: "no",
    title: "Upstream error",
    message: "The tool's server reported an error for this call. Its explanation was withheld; do not act on this call.",
    httpStatus: 502,
  },
  TOOL_WITHHELD: {
    // toolgate mcp-gate: the upstream's definition of the tool drifted from its pin, so no call is sent.
    action: "stop_and_report",
    retry: "no",
    title: "Tool withheld",
    message: "The tool is withheld because its server's definition no longer matches the pinned one. The call was not sent; report it.",
    httpStatus: 503,
  },
  INTERNAL_FAILURE: {
    action: "stop_and_report",
    retry: "no",
    title: "Internal failure",
    message: "The tool failed internally.",
    httpStatus: 500,
  },
} as const satisfies Record<string, CatalogEntry>;

export type CatalogCode = keyof typeof CATALOG;

export const CATALOG_CODES = Object.freeze(Object.keys(CATALOG).sort()) as readonly CatalogCode[];

export function isCatalogCode(code: string): code is CatalogCode {
  return Object.hasOwn(CATALOG, code);
}
