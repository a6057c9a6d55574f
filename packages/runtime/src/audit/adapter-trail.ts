import type { AdapterEvent, ToolgateContext } from "../adapter/types.js";
import type { AgentResult } from "../result.js";
import type { RetryClass } from "../retry/policy.js";
import type { AuditLog } from "./log.js";
import { callTrail, type CallTrail } from "./trail.js";

/** The call's trail, or none when no audit log was given: then every boundary is a no-op. */
export interface AdapterTrail {
  readonly context: ToolgateContext | undefined;
  /** Opens the trail once `adapter.call` decided: input validated (or not), then the held verdict. */
  open(result: { readonly ok: boolean; readonly tool: string; readonly request_id: string; readonly invalidFields?: readonly string[] }): CallTrail | undefined;
  returned<View>(result: AgentResult<View>, trail: CallTrail | undefined): AgentResult<View>;
}

/**
 * One call's trail for a gateway that drives an adapter (the example gateway, `toolgate mcp-gate`).
 * Puts the adapter's events (its verdicts) into the audit log next to the boundaries. An event of
 * `adapter.call` (INVALID_INPUT) comes before the call has a trail; it is held and recorded after
 * `input_validated`, so the chain reads in the order the call went.
 */
export function adapterTrail(audit: AuditLog | undefined, context: ToolgateContext | undefined, retryClass: RetryClass, upstream: string | undefined): AdapterTrail {
  if (!audit) return { context, open: () => undefined, returned: (result) => result };
  let held: AdapterEvent | undefined;
  let opened = false;
  const verdict = (event: AdapterEvent): void => {
    if (!opened) held = event;
    else bestEffort(() => audit.record(event));
    context?.onEvent?.(event);
  };
  return {
    context: { ...context, onEvent: verdict },
    open(result) {
      const trail = callTrail(audit, result, { retryClass, upstream });
      trail.inputValidated(result.ok ? undefined : (result.invalidFields ?? []));
      opened = true;
      if (held) bestEffort(() => audit.record(held!));
      return trail;
    },
    returned(result, trail) {
      trail?.resultReturned(result.outcome === "success" ? { outcome: "success" } : { outcome: "failure", error: result.error });
      return result;
    },
  };
}

/** A failed write is the log's onError and the next record's dropped count; the call goes on. */
function bestEffort(write: () => void): void {
  try {
    write();
  } catch {
    /* recorded as dropped */
  }
}
