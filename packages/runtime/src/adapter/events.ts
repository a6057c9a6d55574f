import type { Layer } from "../result.js";
import { sha256Hex } from "../sha256.js";
import type { ValidationIssue, Validator } from "../validate/support.js";
import { issuesOf } from "./issues.js";
import type { AdapterEvent, Correlation, ToolCall } from "./types.js";

/** What each layer concluded; folded into one event at the end of a call. */
export interface Trace {
  layer: Layer | undefined;
  code: string | undefined;
  syntaxValid: boolean | null;
  schemaValid: boolean | null;
  schemaErrors: readonly ValidationIssue[];
  schemaErrorsTruncated: number;
  /** For `unknown_members: ignore` tools, after the response passed validation. */
  undeclaredMembers: readonly string[] | undefined;
  checkId: string | undefined;
  parseReason: string | undefined;
  upstreamStatus: number | undefined;
}

export const newTrace = (): Trace => ({
  layer: undefined,
  code: undefined,
  syntaxValid: null,
  schemaValid: null,
  schemaErrors: [],
  schemaErrorsTruncated: 0,
  undeclaredMembers: undefined,
  checkId: undefined,
  parseReason: undefined,
  upstreamStatus: undefined,
});

/** Records why `validate` failed (see issuesOf: bounded, no values). */
export function recordSchemaErrors(trace: Trace, validate: Validator): void {
  const { issues, truncated } = issuesOf(validate);
  trace.schemaErrors = issues;
  trace.schemaErrorsTruncated = truncated;
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

export function buildEvent(meta: EventMeta, call: ToolCall<unknown>, trace: Trace, raw: string | Uint8Array | undefined, startedAt: number): AdapterEvent {
  const { sha, bytes } = digest(raw);
  const correlation = correlationOf(call.context.correlation);
  return {
    tool: call.tool,
    spec_version: meta.version,
    spec_hash: meta.specHash,
    request_id: call.request_id,
    outcome: trace.code === undefined ? "success" : "failure",
    code: trace.code,
    layer: trace.layer,
    syntax_valid: trace.syntaxValid,
    schema_valid: trace.schemaValid,
    schema_errors: trace.schemaErrors,
    schema_errors_truncated: trace.schemaErrorsTruncated,
    ...(trace.undeclaredMembers ? { undeclared_members: trace.undeclaredMembers } : {}),
    check_id: trace.checkId,
    parse_reason: trace.parseReason,
    upstream_status: trace.upstreamStatus,
    raw_sha256: sha,
    raw_bytes: bytes,
    duration_ms: Math.max(0, performance.now() - startedAt),
    ...(correlation ? { correlation } : {}),
  };
}
