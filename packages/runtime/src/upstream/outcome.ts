import type { CatalogCode } from "../errors/catalog.js";
import type { RetryClass } from "../retry/policy.js";

/**
 * A classified upstream failure. `operator` goes to the protected operator record only; it holds
 * numbers, booleans and fixed identifiers, never bodies, headers, URLs or exception messages.
 */
export interface UpstreamFailure<OperatorRecord> {
  readonly ok: false;
  readonly code: CatalogCode;
  /** False only when the upstream was provably never reached (no connection, no process). */
  readonly sent: boolean;
  readonly retryAfterSeconds?: number;
  readonly operator: OperatorRecord;
}

/**
 * The code for a call cut off after it reached the upstream (timeout, reset, kill): a write may
 * have happened, so an unsafe operation's outcome is unknown, never a temporary failure: a retry
 * could perform the write twice.
 */
export function codeForInterruptedCall(retryClass: RetryClass): CatalogCode {
  return retryClass === "unsafe" ? "OUTCOME_UNKNOWN" : "TEMPORARY_FAILURE";
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** An error's class name or errno code, kept only if it is a plain identifier (no free text). */
export function diagnosticName(value: unknown): string | undefined {
  return typeof value === "string" && IDENTIFIER.test(value) ? value : undefined;
}
