import type { AuditBody } from "@toolgate/runtime/audit";

/**
 * One call's history rebuilt from its verified audit records (pure: records in, explanation out).
 * Every fact shown is a name, number, flag, digest or opaque id that the writer stored.
 */

export interface ExplainedStep {
  readonly line: number;
  readonly at: string;
  /** Milliseconds since the call's first record. */
  readonly offset_ms: number;
  readonly boundary: string;
  readonly detail: string;
}

export interface ExplainedAttempt {
  readonly attempt: number;
  readonly code: string | undefined;
  readonly sent: boolean;
  readonly next: string;
  readonly delay_ms?: number;
}

export interface CallExplanation {
  readonly request_id: string;
  readonly tool: string | undefined;
  readonly steps: readonly ExplainedStep[];
  readonly attempts: readonly ExplainedAttempt[];
  readonly authorization: { readonly decision: string; readonly approver_id?: string } | undefined;
  readonly verdict: { readonly outcome: string; readonly code?: string; readonly layer?: string; readonly check_id?: string } | undefined;
  /** known: the result says what happened; unknown: it may have run; open: the trail stops (a crash). */
  readonly outcome: "known" | "unknown" | "open";
  readonly why: string;
}

type Facts = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const quoted = (value: unknown): string => JSON.stringify(value ?? null);

/** The adapter's verdict (an adapter event) has no boundary name; it is named `verdict` here. */
const boundaryOf = (event: Facts): string => str(event.boundary) ?? "verdict";

function detailOf(boundary: string, e: Facts): string {
  const attempt = `attempt ${quoted(e.attempt)}`;
  switch (boundary) {
    case "input_validated":
      return e.valid === true ? "valid" : `invalid: fields ${quoted(e.invalid_fields)}`;
    case "credential_selected":
      return `credential ${quoted(e.credential_id)}`;
    case "authorization":
      return `${quoted(e.decision)}${e.approver_id === undefined ? "" : ` by ${quoted(e.approver_id)}`}`;
    case "intent":
      return `${attempt}, on disk before the request`;
    case "connection_started":
    case "request_written":
      return attempt;
    case "response_headers":
      return `${attempt}, status ${quoted(e.status)}`;
    case "body_received":
      return `${attempt}, ${quoted(e.bytes)} bytes, sha256 ${quoted(e.sha256)}`;
    case "attempt_finished":
      return `${attempt}: ${e.code === undefined ? "bytes for the adapter" : quoted(e.code)}, sent ${quoted(e.sent)}, then ${quoted(e.next)}${e.delay_ms === undefined ? "" : ` after ${quoted(e.delay_ms)} ms`}`;
    case "result_returned":
      return `${quoted(e.outcome)}${e.code === undefined ? "" : ` ${quoted(e.code)}`}`;
    case "verdict":
      return `${quoted(e.outcome)}${e.code === undefined ? "" : ` ${quoted(e.code)} at layer ${quoted(e.layer)}`}${e.check_id === undefined ? "" : `, check ${quoted(e.check_id)}`}`;
    default:
      return "(a boundary this version does not know)";
  }
}

function outcomeOf(events: readonly Facts[]): Pick<CallExplanation, "outcome" | "why"> {
  const result = events.find((e) => e.boundary === "result_returned");
  const reached = (name: string): boolean => events.some((e) => e.boundary === name);
  if (result === undefined) {
    const last = events.at(-1);
    const open = last?.boundary === "intent" || (reached("intent") && !reached("attempt_finished"));
    return open
      ? { outcome: "open", why: "the intent is on record and nothing after it: the writer stopped (a crash?) and the request may have run" }
      : { outcome: "open", why: `no result on record: the trail stops at ${boundaryOf(last ?? {})}` };
  }
  if (result.code !== "OUTCOME_UNKNOWN") return { outcome: "known", why: `the call returned ${quoted(result.outcome)}${result.code === undefined ? "" : ` ${quoted(result.code)}`}` };
  const sent = reached("request_written") ? "the request bytes were written to the upstream" : "the connection was started";
  const answered = reached("response_headers") ? "the response stopped before its body ended" : "no response came";
  return { outcome: "unknown", why: `${sent} and ${answered}: the operation may have run; check the upstream before repeating it` };
}

export function explainCall(requestId: string, records: readonly { readonly body: AuditBody; readonly line: number }[]): CallExplanation {
  const start = records.length > 0 ? Date.parse(records[0]!.body.at) : 0;
  const events = records.map((r) => r.body.event as Facts);
  const steps = records.map(({ body, line }, i) => {
    const boundary = boundaryOf(events[i]!);
    const detail = detailOf(boundary, events[i]!) + (body.upstream === undefined ? "" : `, upstream ${JSON.stringify(body.upstream)}`);
    return { line, at: body.at, offset_ms: Date.parse(body.at) - start, boundary, detail };
  });
  const attempts = events.filter((e) => e.boundary === "attempt_finished").map((e) => ({
    attempt: Number(e.attempt),
    code: str(e.code),
    sent: e.sent === true,
    next: String(e.next),
    ...(typeof e.delay_ms === "number" ? { delay_ms: e.delay_ms } : {}),
  }));
  const auth = events.find((e) => e.boundary === "authorization");
  const verdict = events.find((e) => e.boundary === undefined);
  const pick = (e: Facts, keys: readonly string[]): Record<string, string> =>
    Object.fromEntries(keys.filter((k) => typeof e[k] === "string").map((k) => [k, e[k] as string]));
  return {
    request_id: requestId,
    tool: str(events[0]?.tool),
    steps,
    attempts,
    authorization: auth ? ({ decision: String(auth.decision), ...pick(auth, ["approver_id"]) } as CallExplanation["authorization"]) : undefined,
    verdict: verdict ? ({ outcome: String(verdict.outcome), ...pick(verdict, ["code", "layer", "check_id"]) } as CallExplanation["verdict"]) : undefined,
    ...outcomeOf(events),
  };
}
