import type { RetryClass } from "../retry/policy.js";
import { opaqueId, type AttemptClassification, type AuthorizationDecision, type CallBoundary, type UpstreamBoundary } from "./boundary.js";
import type { AuditLog } from "./log.js";

/** The call a trail records: what `adapter.call` returned (tool and request id) and its retry class. */
export interface TrailedCall {
  readonly tool: string;
  readonly request_id: string;
}

export interface CallTrailOptions {
  readonly retryClass: RetryClass;
  /** The endpoint or command, recorded once with the first upstream boundary (redacted as free text). */
  readonly upstream?: string | undefined;
}

/**
 * Every boundary of one call, appended to an audit log as the call reaches it. Writing is best
 * effort (a failed write is the log's `onError` and the next record's `dropped` count) except for
 * `intent`, whose caller must not send the request when it returns false.
 */
export interface CallTrail {
  inputValidated(invalidFields?: readonly string[]): void;
  credentialSelected(credentialId: string): void;
  authorization(decision: AuthorizationDecision, approverId?: string): void;
  /**
   * Before an attempt's request is sent: for an unsafe operation, an intent record on stable
   * storage (fdatasync). False when it could not be written; true at once for other classes.
   */
  intent(attempt: number): boolean;
  /** The sink for one attempt's upstream boundaries: `onBoundary` of callHttp or runCommand. */
  upstream(attempt: number): (boundary: UpstreamBoundary) => void;
  attemptFinished(classification: AttemptClassification): void;
  resultReturned(result: { readonly outcome: "success" | "failure"; readonly error?: { readonly code: string } }): void;
}

export function callTrail(log: AuditLog, call: TrailedCall, options: CallTrailOptions): CallTrail {
  let upstream = options.upstream;
  const write = (boundary: CallBoundary, durable = false): void => {
    const named = boundary.boundary === "connection_started" ? upstream : undefined;
    if (named !== undefined) upstream = undefined;
    log.boundary({ ...boundary, tool: call.tool, request_id: call.request_id }, { durable, ...(named === undefined ? {} : { upstream: named }) });
  };
  const bestEffort = (boundary: CallBoundary): void => {
    try {
      write(boundary);
    } catch {
      /* counted as dropped by the log, reported through its onError */
    }
  };
  return {
    inputValidated: (fields) => bestEffort({ boundary: "input_validated", valid: fields === undefined, ...(fields ? { invalid_fields: [...fields] } : {}) }),
    credentialSelected: (id) => bestEffort({ boundary: "credential_selected", credential_id: opaqueId(id) }),
    authorization: (decision, approver) =>
      bestEffort({ boundary: "authorization", decision, ...(approver === undefined ? {} : { approver_id: opaqueId(approver) }) }),
    intent(attempt) {
      if (options.retryClass !== "unsafe") return true;
      try {
        write({ boundary: "intent", attempt }, true);
        return true;
      } catch {
        return false;
      }
    },
    upstream: (attempt) => (boundary) => bestEffort({ ...boundary, attempt }),
    attemptFinished: (classification) => bestEffort({ boundary: "attempt_finished", ...classification }),
    resultReturned: ({ outcome, error }) => bestEffort({ boundary: "result_returned", outcome, ...(error ? { code: error.code } : {}) }),
  };
}
