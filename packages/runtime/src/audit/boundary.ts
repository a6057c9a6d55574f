/**
 * The boundaries of one call, in the order a call reaches them (issue 16, seeds 002 and 004). Each
 * is one audit record bound to the call's request id, so an OUTCOME_UNKNOWN has its explanation in
 * the chain: how far the gateway got before the answer stopped. Facts are names, numbers, flags,
 * digests and opaque ids, never values, secrets or free text.
 */

/** The upstream side of one attempt, as `callHttp`, `runCommand` or a user's own upstream report it. */
export type UpstreamBoundary =
  /** A connection (or a process) was started; nothing of the request has left yet. */
  | { readonly boundary: "connection_started" }
  /** The request's bytes were handed to the socket (or the process's stdin was closed). */
  | { readonly boundary: "request_written" }
  | { readonly boundary: "response_headers"; readonly status: number }
  | { readonly boundary: "body_received"; readonly bytes: number; readonly sha256: string };

/** What the authorization step decided; anything but "approved" stops the call before the upstream. */
export type AuthorizationDecision = "approved" | "USER_DENIED" | "VAULT_LOCKED" | "INTERNAL_FAILURE";

/** How the retry executor classified one finished attempt. */
export interface AttemptClassification {
  readonly attempt: number;
  /** undefined when the attempt produced bytes for the adapter. */
  readonly code: string | undefined;
  /** True once any byte may have reached the upstream. */
  readonly sent: boolean;
  /** What the executor did next: retried after `delay_ms`, or why it stopped. */
  readonly next: "retry" | "succeeded" | "not_retryable" | "attempts_exhausted" | "budget_exhausted";
  readonly delay_ms?: number | undefined;
}

export type CallBoundary =
  | { readonly boundary: "input_validated"; readonly valid: boolean; readonly invalid_fields?: readonly string[] | undefined }
  | { readonly boundary: "credential_selected"; readonly credential_id: string }
  | { readonly boundary: "authorization"; readonly decision: AuthorizationDecision; readonly approver_id?: string | undefined }
  /** Written durably (fdatasync) before an unsafe operation's request is sent. */
  | { readonly boundary: "intent"; readonly attempt: number }
  | (UpstreamBoundary & { readonly attempt: number })
  | ({ readonly boundary: "attempt_finished" } & AttemptClassification)
  | { readonly boundary: "result_returned"; readonly outcome: "success" | "failure"; readonly code?: string | undefined };

export type BoundaryName = CallBoundary["boundary"];

/** A boundary record's event: the boundary's facts bound to one call. */
export type BoundaryEvent = CallBoundary & { readonly tool: string; readonly request_id: string };

/** The records that settle a call's intent: once one is in the chain, the call is no longer open. */
export const SETTLES_INTENT: ReadonlySet<string> = new Set(["attempt_finished", "result_returned"]);

// Opaque ids (credential, approver) and field names: printable identifiers without spaces, bounded.
const OPAQUE = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/;

/** The id as given when it is a plain opaque id, otherwise a fixed marker: a secret pasted here never lands. */
export const opaqueId = (id: string): string => (OPAQUE.test(id) ? id : "(not an opaque id)");
