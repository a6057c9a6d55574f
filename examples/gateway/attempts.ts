import type { AttemptContext, CatalogCode, Layer, RetryClass, ToolCall } from "@toolgate/runtime";
import type { UpstreamBoundary } from "@toolgate/runtime/audit";
import { callHttp, runCommand, type CommandOperatorRecord, type HttpOperatorRecord } from "@toolgate/runtime/upstream";

/** How to reach an HTTP upstream. Credentials go in `headers` or `baseUrl`; no result ever carries them. */
export interface HttpUpstream<Input> {
  readonly baseUrl: string;
  /** Path and query for one call's validated input; encode input values with encodeURIComponent. */
  pathFor(input: Input): string;
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** The transport's byte cap; `adapt` enforces the spec's own max_bytes again. */
  readonly maxBytes?: number;
}

/** How to run a command (typically ssh). Its stdout is parsed into the spec's machine format. */
export interface CommandUpstream<Input> {
  readonly command: {
    readonly file: string;
    argsFor(input: Input): readonly string[];
    /** The machine-format value of stdout, or null when stdout is anything else. */
    parse(stdout: Uint8Array): unknown;
    readonly timeoutMs?: number;
    readonly maxStdoutBytes?: number;
    readonly env?: Readonly<Record<string, string>>;
    /** Declared meanings of exit codes, e.g. ssh's 255 as NETWORK_UNREACHABLE. */
    readonly exitCodes?: ReadonlyMap<number, CatalogCode>;
  };
}

export type Upstream<Input> = HttpUpstream<Input> | CommandUpstream<Input>;

export type OperatorRecord = HttpOperatorRecord | CommandOperatorRecord;

/** One attempt: bytes for `adapter.adapt`, or a classified failure for `adapter.fail`. */
export type Attempt =
  | { readonly ok: true; readonly body: Uint8Array | string; readonly operator: OperatorRecord }
  | {
      readonly ok: false;
      readonly code: CatalogCode;
      readonly sent: boolean;
      readonly layer: Layer;
      readonly retryAfterSeconds?: number;
      readonly upstreamStatus?: number;
      /** Raw bytes that were rejected before `adapt`, for the protected evidence sink only. */
      readonly evidence?: Uint8Array;
      readonly operator: OperatorRecord;
    };

/** One attempt; `onBoundary` hears each boundary it reaches (connection, request bytes, response). */
export type AttemptFn = (context: AttemptContext, onBoundary?: (boundary: UpstreamBoundary) => void) => Promise<Attempt>;

/** The endpoint or command for the audit record: method and origin, or the executable; never input values. */
export function describeUpstream<Input>(upstream: Upstream<Input>): string {
  if ("command" in upstream) return upstream.command.file;
  // Never the base URL itself when it does not parse: it may hold a secret, and the call still runs (and fails) as usual.
  const origin = URL.canParse(upstream.baseUrl) ? new URL(upstream.baseUrl).origin : "(unparseable base URL)";
  return `${upstream.method ?? "GET"} ${origin}`;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Builds the attempt function once per call, so a throwing pathFor or argsFor fails before any I/O. */
export function attemptFor<Input>(upstream: Upstream<Input>, call: ToolCall<Input>, retryClass: RetryClass): AttemptFn {
  return "command" in upstream ? commandAttempt(upstream, call, retryClass) : httpAttempt(upstream, call, retryClass);
}

function httpAttempt<Input>(upstream: HttpUpstream<Input>, call: ToolCall<Input>, retryClass: RetryClass): AttemptFn {
  const base = new URL(upstream.baseUrl);
  const url = new URL(upstream.pathFor(call.input), base);
  // A path like "//elsewhere" would resolve to another host and carry the credentials there.
  if (url.origin !== base.origin) throw new Error("pathFor left the upstream's origin");
  const now = call.context.now;
  const options = {
    timeoutMs: upstream.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: upstream.maxBytes ?? DEFAULT_MAX_BYTES,
    retryClass,
    ...(now === undefined ? {} : { now }),
  };
  return async ({ idempotencyKey }, onBoundary) => {
    // The request id lets an envelope upstream bind its answer to this call; the key is one per call.
    const headers = {
      ...upstream.headers,
      "x-request-id": call.request_id,
      ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }),
    };
    const result = await callHttp({ method: upstream.method ?? "GET", url, headers }, { ...options, ...(onBoundary ? { onBoundary } : {}) });
    if (result.ok) return { ok: true, body: result.body, operator: result.operator };
    const { code, sent, retryAfterSeconds, operator } = result;
    const status = operator.status;
    // A 2xx that failed later (oversize, reset mid-body) is the transport's failure, not the upstream's answer.
    const answered = status !== undefined && (status < 200 || status > 299);
    return {
      ok: false,
      code,
      sent,
      layer: answered ? "upstream" : "transport",
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(status === undefined ? {} : { upstreamStatus: status }),
      operator,
    };
  };
}

function commandAttempt<Input>(upstream: CommandUpstream<Input>, call: ToolCall<Input>, retryClass: RetryClass): AttemptFn {
  const { file, parse, env, exitCodes } = upstream.command;
  const spec = {
    file,
    args: upstream.command.argsFor(call.input),
    timeoutMs: upstream.command.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxStdoutBytes: upstream.command.maxStdoutBytes ?? DEFAULT_MAX_BYTES,
    retryClass,
    ...(env === undefined ? {} : { env }),
    ...(exitCodes === undefined ? {} : { exitCodes }),
  };
  return async (_context, onBoundary) => {
    const result = await runCommand({ ...spec, ...(onBoundary ? { onBoundary } : {}) });
    if (!result.ok) return { ok: false, code: result.code, sent: result.sent, layer: "transport", operator: result.operator };
    const value = parse(result.stdout);
    // Banners, warnings or extra lines: the output is not the machine format, so none of it is used.
    if (value === null) {
      return { ok: false, code: "INVALID_RESPONSE", sent: true, layer: "syntax", evidence: result.stdout, operator: result.operator };
    }
    return { ok: true, body: JSON.stringify(value), operator: result.operator };
  };
}
