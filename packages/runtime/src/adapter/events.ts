import { sha256Hex } from "../sha256.js";
import type { Validator } from "../validate/support.js";
import { issuesOf } from "./issues.js";
import type { AdapterEvent, Correlation, OperatorLabels, ToolCall } from "./types.js";
import type { Facts, Outcome } from "./verdict.js";

/** Why `validate` failed (see issuesOf: bounded, no values), as event facts. */
export function schemaErrorsOf(validate: Validator): Pick<Facts, "schemaErrors" | "schemaErrorsTruncated"> {
  const { issues, truncated } = issuesOf(validate);
  return { schemaErrors: issues, schemaErrorsTruncated: truncated };
}

function digest(raw: string | Uint8Array | undefined): { sha: string | undefined; bytes: number | undefined } {
  if (raw === undefined) return { sha: undefined, bytes: undefined };
  const bytes = typeof raw === "string" ? Buffer.byteLength(raw, "utf8") : raw.byteLength;
  return { sha: sha256Hex(raw), bytes };
}

export interface EventMeta {
  readonly version: number;
  readonly specHash: string;
}

const CORRELATION_KEYS = ["conversation_id", "interaction_id", "tool_call_id"] as const;
// Printable ASCII without spaces: ids of every platform fit, and no newline or control character reaches a log line.
const PLATFORM_ID = /^[\x21-\x7e]{1,256}$/;

/** A fresh copy of the ids the caller passed, each 1–256 printable ASCII characters; others are left out. */
function correlationOf(given: Correlation | undefined): Correlation | undefined {
  if (given === undefined || given === null || typeof given !== "object") return undefined;
  const kept: Record<string, string> = {};
  for (const key of CORRELATION_KEYS) {
    const id: unknown = given[key];
    if (typeof id === "string" && PLATFORM_ID.test(id)) kept[key] = id;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

const MAX_LABELS = 16;
const LABEL_NAME = /^[a-z][a-z0-9._-]{0,63}$/;
const LABEL_VALUE = /^[\x20-\x7e]{1,128}$/;

/** A fresh copy of the operator's valid labels, sorted by name, at most MAX_LABELS; undefined when none is valid. */
export function labelsOf(given: OperatorLabels | undefined): OperatorLabels | undefined {
  if (given === undefined || given === null || typeof given !== "object") return undefined;
  const valid = Object.entries(given).filter(([name, value]) => LABEL_NAME.test(name) && typeof value === "string" && LABEL_VALUE.test(value));
  if (valid.length === 0) return undefined;
  return Object.freeze(Object.fromEntries(valid.sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, MAX_LABELS)));
}

export function buildEvent(meta: EventMeta, call: ToolCall<unknown>, outcome: Outcome, raw: string | Uint8Array | undefined, startedAt: number): AdapterEvent {
  const { sha, bytes } = digest(raw);
  const correlation = correlationOf(call.context.correlation);
  const labels = labelsOf(call.context.labels);
  return {
    tool: call.tool,
    spec_version: meta.version,
    spec_hash: meta.specHash,
    request_id: call.request_id,
    outcome: outcome.code === undefined ? "success" : "failure",
    code: outcome.code,
    layer: outcome.layer,
    syntax_valid: outcome.syntaxValid,
    schema_valid: outcome.schemaValid,
    schema_errors: outcome.schemaErrors,
    schema_errors_truncated: outcome.schemaErrorsTruncated,
    ...(outcome.undeclaredMembers ? { undeclared_members: outcome.undeclaredMembers } : {}),
    check_id: outcome.checkId,
    ...(outcome.checkFailure ? { check_failure: outcome.checkFailure } : {}),
    parse_reason: outcome.parseReason,
    upstream_status: outcome.upstreamStatus,
    raw_sha256: sha,
    raw_bytes: bytes,
    duration_ms: Math.max(0, performance.now() - startedAt),
    ...(correlation ? { correlation } : {}),
    ...(labels ? { labels } : {}),
  };
}
