import type { AgentError } from "../result.js";
import type { RetryClass } from "../retry/policy.js";
import { CATALOG, type CatalogCode } from "./catalog.js";

/**
 * The agent-visible error for a catalog code. NETWORK_UNREACHABLE is retryable only for retry-safe
 * classes; on an `unsafe` operation its action follows: stop and report, never "retry after a delay".
 */
export function catalogError(code: CatalogCode, retryClass: RetryClass): AgentError {
  const entry = CATALOG[code];
  const retryable = entry.retry === "yes" || entry.retry === "budget" || (entry.retry === "if_safe" && retryClass !== "unsafe");
  const action = entry.retry === "if_safe" && !retryable ? "stop_and_report" : entry.action;
  return Object.freeze({ code, action, retryable, message: entry.message });
}

/** A tool's error table: frozen, so every failure for one code is the same bytes. */
export function errorTable(
  codes: readonly CatalogCode[],
  retryClass: RetryClass,
  custom: Readonly<Record<string, Omit<AgentError, "code">>> = {},
): Readonly<Record<string, AgentError>> {
  const table: Record<string, AgentError> = {};
  for (const code of codes) table[code] = catalogError(code, retryClass);
  for (const [code, error] of Object.entries(custom)) table[code] = Object.freeze({ code, ...error });
  return Object.freeze(table);
}
