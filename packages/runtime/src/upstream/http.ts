import http from "node:http";
import https from "node:https";
import type { ClientRequest, IncomingMessage } from "node:http";
import type { CatalogCode } from "../errors/catalog.js";
import type { RetryClass } from "../retry/policy.js";
import { sha256Hex } from "../sha256.js";
import { notifyBoundary, type BoundarySink } from "./boundary-sink.js";
import { CappedBytes } from "./capped-bytes.js";
import { codeForHttpStatus, statusCarriesRetryAfter } from "./http-status.js";
import { checkLimits } from "./limits.js";
import { codeForInterruptedCall, diagnosticName } from "./outcome.js";
import type { UpstreamFailure } from "./outcome.js";
import { parseRetryAfterSeconds } from "./retry-after.js";

/*
 * Why node:http and not fetch: fetch folds every failure into `TypeError: fetch failed` and a
 * timeout into a bare AbortError, with no sign of whether the connection was ever made; undici's
 * connect hooks would need the `undici` package (the runtime has no dependencies). node:http
 * exposes the socket, so "sent" is exact: true once this request's own connection was established
 * (`connect`, or `secureConnect` for TLS, so a failed handshake is before-send). `agent: false`
 * gives every call a fresh connection; a pooled socket would blur that line.
 */

export interface HttpRequest {
  readonly method: string;
  readonly url: string | URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Uint8Array | string;
}

export interface HttpCallOptions {
  /** One deadline for connect, headers and body. */
  readonly timeoutMs: number;
  /** Body bytes accepted; the first chunk beyond it ends the call with INVALID_RESPONSE. */
  readonly maxBytes: number;
  readonly retryClass: RetryClass;
  /** Clock for HTTP-date Retry-After values; defaults to Date.now. */
  readonly now?: () => number;
  /** Told of each boundary the exchange reaches (connection started, request written, headers, body). */
  readonly onBoundary?: BoundarySink;
}

/** Operator-channel diagnostics: numbers, flags and identifiers only. */
export interface HttpOperatorRecord {
  readonly status?: number;
  readonly errorClass?: string;
  readonly errno?: string;
  readonly timedOut: boolean;
  /** This request's own connection was established: from here on the upstream may have acted. */
  readonly requestSent: boolean;
  /** All of the request's bytes were handed to the socket (its 'finish'), not merely queued. */
  readonly requestWritten: boolean;
  readonly bytesReceived: number;
  readonly elapsedMs: number;
}

export interface HttpSuccess {
  readonly ok: true;
  readonly status: number;
  readonly body: Uint8Array;
  /** Retry-After only if it parses (delta-seconds or HTTP-date), so no free text passes. */
  readonly headers: { readonly retryAfter?: string };
  readonly operator: HttpOperatorRecord;
}

export type HttpFailure = UpstreamFailure<HttpOperatorRecord>;
export type HttpResult = HttpSuccess | HttpFailure;

/**
 * Performs one HTTP exchange. Never throws: every failure is a catalog code.
 * - a status: see codeForHttpStatus; Retry-After is kept (parsed, clamped) for 429 and 503 only;
 * - no connection (DNS failure, refused, TLS handshake failure, or the deadline before connect):
 *   NETWORK_UNREACHABLE with sent=false; the upstream was never reached, so "may be retried if listed";
 * - cut off after connect (reset, deadline while awaiting headers or body): OUTCOME_UNKNOWN for
 *   unsafe operations, TEMPORARY_FAILURE otherwise, sent=true;
 * - a body over maxBytes (declared or streamed): INVALID_RESPONSE. Truncated JSON is not judged here.
 */
export async function callHttp(request: HttpRequest, options: HttpCallOptions): Promise<HttpResult> {
  const startedAt = performance.now();
  let exchange: HttpExchange;
  try {
    exchange = new HttpExchange(request, options, startedAt);
  } catch (error) {
    return unusableRequest(error, startedAt);
  }
  try {
    return await exchange.run();
  } catch (error) {
    return exchange.interrupted(error);
  }
}

class HttpExchange {
  readonly #request: ClientRequest;
  readonly #signal: AbortSignal;
  readonly #tls: boolean;
  #connected = false;
  #written = false;
  #status: number | undefined;
  #bytesReceived = 0;

  constructor(
    private readonly input: HttpRequest,
    private readonly options: HttpCallOptions,
    private readonly startedAt: number,
  ) {
    checkLimits(options.timeoutMs, options.maxBytes);
    const url = new URL(input.url);
    this.#tls = url.protocol === "https:";
    if (!this.#tls && url.protocol !== "http:") throw new TypeError("unsupported protocol");
    this.#signal = AbortSignal.timeout(options.timeoutMs);
    const client = this.#tls ? https : http;
    const requestOptions = { method: input.method, headers: { ...input.headers }, agent: false, signal: this.#signal };
    this.#request = client.request(url, requestOptions);
  }

  async run(): Promise<HttpResult> {
    const response = await this.#awaitResponse();
    const status = response.statusCode ?? 0;
    this.#status = status;
    const code = codeForHttpStatus(status);
    if (code === undefined) return this.#readBody(response, status);
    response.destroy();
    const retryAfter = statusCarriesRetryAfter(status) ? this.#retryAfterSeconds(response) : undefined;
    return this.#failure(code, retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter });
  }

  /** A transport error or the deadline: the connection decides before-send versus after-send. */
  interrupted(error: unknown): HttpFailure {
    const code = this.#connected ? codeForInterruptedCall(this.options.retryClass) : "NETWORK_UNREACHABLE";
    this.#request.destroy();
    return this.#failure(code, {}, errorNames(error));
  }

  #awaitResponse(): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const established = this.#tls ? "secureConnect" : "connect";
      this.#request.once("socket", (socket) => {
        this.#tell({ boundary: "connection_started" });
        socket.once(established, () => (this.#connected = true));
      });
      // 'finish': the last of the request was handed to the socket, not merely queued before connect.
      this.#request.once("finish", () => {
        this.#written = true;
        this.#tell({ boundary: "request_written" });
      });
      this.#request.once("response", (response: IncomingMessage) => {
        this.#tell({ boundary: "response_headers", status: response.statusCode ?? 0 });
        resolve(response);
      });
      // Kept for the request's lifetime: a late abort must not become an unhandled 'error'.
      this.#request.on("error", reject);
      this.#request.end(this.input.body);
    });
  }

  async #readBody(response: IncomingMessage, status: number): Promise<HttpResult> {
    const maxBytes = this.options.maxBytes;
    if (Number(response.headers["content-length"]) > maxBytes) {
      response.destroy();
      return this.#failure("INVALID_RESPONSE");
    }
    const body = new CappedBytes(maxBytes);
    for await (const chunk of response as AsyncIterable<Uint8Array>) {
      const kept = body.push(chunk);
      this.#bytesReceived = body.received;
      if (!kept) return this.#failure("INVALID_RESPONSE");
    }
    const bytes = body.toBytes();
    if (this.options.onBoundary) this.#tell({ boundary: "body_received", bytes: bytes.byteLength, sha256: sha256Hex(bytes) });
    const retryAfter = response.headers["retry-after"];
    const headers = this.#retryAfterSeconds(response) === undefined || retryAfter === undefined ? {} : { retryAfter };
    return { ok: true, status, body: bytes, headers, operator: this.#record() };
  }

  #tell(boundary: Parameters<BoundarySink>[0]): void {
    notifyBoundary(this.options.onBoundary, boundary);
  }

  #retryAfterSeconds(response: IncomingMessage): number | undefined {
    return parseRetryAfterSeconds(response.headers["retry-after"], (this.options.now ?? Date.now)());
  }

  #failure(code: CatalogCode, extra: { retryAfterSeconds?: number } = {}, names = {}): HttpFailure {
    return { ok: false, code, sent: this.#connected, ...extra, operator: this.#record(names) };
  }

  #record(names: { errorClass?: string; errno?: string } = {}): HttpOperatorRecord {
    return {
      ...(this.#status === undefined ? {} : { status: this.#status }),
      ...names,
      timedOut: this.#signal.aborted,
      requestSent: this.#connected,
      requestWritten: this.#written,
      bytesReceived: this.#bytesReceived,
      elapsedMs: elapsed(this.startedAt),
    };
  }
}

/** An unusable URL, method, header or limit is the caller's bug; nothing left the process. */
function unusableRequest(error: unknown, startedAt: number): HttpFailure {
  const operator = { ...errorNames(error), timedOut: false, requestSent: false, requestWritten: false, bytesReceived: 0, elapsedMs: elapsed(startedAt) };
  return { ok: false, code: "INTERNAL_FAILURE", sent: false, operator };
}

function errorNames(error: unknown): { errorClass?: string; errno?: string } {
  const source = (typeof error === "object" && error !== null ? error : {}) as { name?: unknown; code?: unknown };
  const errorClass = diagnosticName(source.name);
  const errno = diagnosticName(source.code);
  return { ...(errorClass === undefined ? {} : { errorClass }), ...(errno === undefined ? {} : { errno }) };
}

function elapsed(startedAt: number): number {
  return Math.round(performance.now() - startedAt);
}
