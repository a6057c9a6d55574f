import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileRetryPolicy, executeWithRetry, systemRetryDeps, type RetryClass } from "@toolgate/runtime";
import { callHttp, type HttpResult } from "@toolgate/runtime/upstream";

/*
 * Fault injection against a real node:http server on 127.0.0.1. Every response and every URL
 * carries a canary secret; no classified result may carry it anywhere outside a success body.
 */

const SECRET = "tg_canary_Hk93pWq2mZ";
const LEAKY_HEADERS = {
  "x-echo": SECRET,
  "www-authenticate": `Bearer realm="${SECRET}"`,
  location: `https://files.internal/dl?sig=${SECRET}`,
  "set-cookie": `session=${SECRET}`,
};
const NOW = Date.UTC(2026, 2, 14, 12, 0, 0);
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/upstream");

/** The Idempotency-Key header of every request the server saw, per path. */
const served = new Map<string, string[]>();
let origin = "";

function route(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", "http://fixture");
  const [, name = "", param = ""] = url.pathname.split("/");
  served.set(url.pathname, [...(served.get(url.pathname) ?? []), String(request.headers["idempotency-key"])]);
  const retryAfter = url.searchParams.get("retry_after");
  const extra = retryAfter === null ? {} : { "retry-after": retryAfter };
  switch (name) {
    case "status":
      response.writeHead(Number(param), { ...LEAKY_HEADERS, ...extra }).end(`{"error":"denied for ${SECRET}"}`);
      return;
    case "ok":
      response.writeHead(200, extra).end(`{"ok":true}`);
      return;
    case "bytes":
      response.writeHead(200, { "content-length": param }).end("a".repeat(Number(param)));
      return;
    case "stream":
      streamBytes(response, Number(param));
      return;
    case "truncated-json":
      response.writeHead(200, { "content-type": "application/json" }).end(`{"change_id":"c-1","decision":"appr`);
      return;
    case "reset-mid-body":
      response.writeHead(200, { "content-length": "1000" });
      response.write(`{"token":"${SECRET}",`, () => response.socket?.destroy());
      return;
    case "slow-body":
      response.writeHead(200, { "content-length": "1000" });
      response.write(`{"token":"${SECRET}",`);
      return;
    case "slow-headers":
      return;
    case "hangup":
      request.resume().on("end", () => request.socket.destroy());
      return;
    case "flaky":
      answerFlaky(response, url.pathname);
      return;
    default:
      response.writeHead(500).end();
  }
}

function streamBytes(response: ServerResponse, total: number): void {
  response.writeHead(200, { ...LEAKY_HEADERS });
  const chunk = Buffer.alloc(16 * 1024, SECRET);
  let sent = 0;
  const pump = (): void => {
    while (sent < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      if (!response.write(piece)) return void response.once("drain", pump);
    }
    response.end();
  };
  response.on("error", () => {});
  pump();
}

/** Fails twice with 503 (Retry-After: 0), then succeeds. */
function answerFlaky(response: ServerResponse, pathname: string): void {
  if ((served.get(pathname) ?? []).length <= 2) response.writeHead(503, { "retry-after": "0" }).end(SECRET);
  else response.writeHead(200).end(`{"done":true}`);
}

const server = http.createServer(route);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A URL carrying the secret as userinfo and as a query parameter (RFC 6750 §2.3). */
function leakyUrl(pathname: string, query = ""): string {
  return `http://ops:${SECRET}@${origin}${pathname}?token=${SECRET}${query}`;
}

function get(pathname: string, options: { retryClass?: RetryClass; maxBytes?: number; timeoutMs?: number; query?: string } = {}) {
  const { retryClass = "safe", maxBytes = 64 * 1024, timeoutMs = 5_000, query = "" } = options;
  return callHttp({ method: "GET", url: leakyUrl(pathname, query) }, { retryClass, maxBytes, timeoutMs, now: () => NOW });
}

const OPERATOR_FIELDS = new Set(["status", "errorClass", "errno", "timedOut", "requestSent", "requestWritten", "bytesReceived", "elapsedMs"]);
const SECRET_FORMS = [SECRET, SECRET.toLowerCase(), Buffer.from(SECRET).toString("base64").slice(0, 20), Buffer.from(SECRET).toString("hex")];

/** The result (minus a success body, which is the next layer's input) holds no secret and only allowlisted diagnostics. */
function expectSecretFree(result: HttpResult): void {
  const serialized = JSON.stringify(result.ok ? { ...result, body: "(next layer)" } : result);
  expect(SECRET_FORMS.filter((form) => serialized.includes(form))).toEqual([]);
  expect(Object.keys(result.operator).filter((key) => !OPERATOR_FIELDS.has(key))).toEqual([]);
  for (const value of Object.values(result.operator)) expect(["number", "boolean", "string"]).toContain(typeof value);
  if (result.operator.errorClass !== undefined) expect(result.operator.errorClass).toMatch(/^[A-Za-z_]\w{0,63}$/);
  if (result.operator.errno !== undefined) expect(result.operator.errno).toMatch(/^[A-Za-z_]\w{0,63}$/);
}

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("callHttp: statuses", () => {
  it.each([
    [401, "AUTH_FAILED"],
    [403, "REMOTE_FORBIDDEN"],
    [404, "NOT_FOUND"],
    [429, "RATE_LIMITED"],
    [500, "TEMPORARY_FAILURE"],
    [502, "TEMPORARY_FAILURE"],
    [503, "UPSTREAM_UNAVAILABLE"],
    [504, "TEMPORARY_FAILURE"],
    [400, "INVALID_RESPONSE"],
    [418, "INVALID_RESPONSE"],
    [301, "INVALID_RESPONSE"],
    [501, "INVALID_RESPONSE"],
  ])("classifies %d as %s, sent, without body or headers", async (status, code) => {
    const result = await get(`/status/${status}`);
    expect(result).toMatchObject({ ok: false, code, sent: true, operator: { status, requestSent: true, timedOut: false } });
    expect(result).not.toHaveProperty("retryAfterSeconds");
    expectSecretFree(result);
  });

  it.each([
    ["delta-seconds", "7", 7],
    ["an HTTP-date two minutes ahead", "Sat, 14 Mar 2026 12:02:00 GMT", 120],
    ["a huge delta, clamped", "99999999999", 300],
    ["a date in the past", "Fri, 13 Mar 2026 12:00:00 GMT", 0],
  ])("keeps a 429 Retry-After given as %s", async (_name, value, seconds) => {
    const result = await get("/status/429", { query: `&retry_after=${encodeURIComponent(value)}` });
    expect(result).toMatchObject({ ok: false, code: "RATE_LIMITED", retryAfterSeconds: seconds });
    expectSecretFree(result);
  });

  it.each([
    ["garbage with a secret", `soon ${SECRET}`],
    ["a negative number", "-5"],
    ["a fraction", "1.5"],
    ["an ISO date", "2026-03-14T12:02:00Z"],
  ])("drops a 429 Retry-After given as %s", async (_name, value) => {
    const result = await get("/status/429", { query: `&retry_after=${encodeURIComponent(value)}` });
    expect(result).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(result).not.toHaveProperty("retryAfterSeconds");
    expectSecretFree(result);
  });

  it("keeps a 503 Retry-After and ignores one on a 500", async () => {
    expect(await get("/status/503", { query: "&retry_after=12" })).toMatchObject({ retryAfterSeconds: 12 });
    expect(await get("/status/500", { query: "&retry_after=12" })).not.toHaveProperty("retryAfterSeconds");
  });
});

describe("callHttp: bodies", () => {
  it("returns a 2xx body as bytes, with only a parsed Retry-After header", async () => {
    const result = await get("/ok", { query: "&retry_after=5" });
    expect(result).toMatchObject({ ok: true, status: 200, headers: { retryAfter: "5" }, operator: { status: 200, bytesReceived: 11 } });
    expect(result.ok && new TextDecoder().decode(result.body)).toBe(`{"ok":true}`);
    const garbage = await get("/ok", { query: `&retry_after=${SECRET}` });
    expect(garbage).toMatchObject({ ok: true, headers: {} });
    expectSecretFree(garbage);
  });

  it("returns truncated JSON as ok bytes: judging syntax is the parser's layer", async () => {
    const result = await get("/truncated-json");
    expect(result.ok && new TextDecoder().decode(result.body)).toBe(`{"change_id":"c-1","decision":"appr`);
  });

  it("accepts a body of exactly maxBytes and rejects maxBytes + 1 by its declared length", async () => {
    const exact = await get("/bytes/1024", { maxBytes: 1024 });
    expect(exact.ok && exact.body.length).toBe(1024);
    const over = await get("/bytes/1025", { maxBytes: 1024 });
    expect(over).toMatchObject({ ok: false, code: "INVALID_RESPONSE", sent: true, operator: { bytesReceived: 0 } });
  });

  it("stops reading a streamed body at the first chunk past maxBytes", async () => {
    const total = 5 * 1024 * 1024;
    const maxBytes = 64 * 1024;
    const result = await get(`/stream/${total}`, { maxBytes });
    expect(result).toMatchObject({ ok: false, code: "INVALID_RESPONSE", sent: true, operator: { status: 200 } });
    // Hard bound: at most one socket read (64 KiB) beyond the cap, nowhere near the 5 MiB sent.
    expect(result.operator.bytesReceived).toBeGreaterThan(maxBytes);
    expect(result.operator.bytesReceived).toBeLessThanOrEqual(maxBytes + 64 * 1024);
    expectSecretFree(result);
  });

  it("rejects a streamed body of maxBytes + 1", async () => {
    expect(await get("/stream/1025", { maxBytes: 1024 })).toMatchObject({ ok: false, code: "INVALID_RESPONSE" });
    expect(await get("/stream/1024", { maxBytes: 1024 })).toMatchObject({ ok: true });
  });
});

describe("callHttp: interrupted after send", () => {
  it.each([
    ["a reset mid-body", "/reset-mid-body", { status: 200, timedOut: false }],
    ["a hang-up before headers", "/hangup", { timedOut: false }],
    ["a slow body (timeout after headers)", "/slow-body", { status: 200, timedOut: true }],
    ["slow headers (timeout after send)", "/slow-headers", { timedOut: true }],
  ])("classifies %s as OUTCOME_UNKNOWN for unsafe and TEMPORARY_FAILURE otherwise", async (_name, pathname, operator) => {
    const unsafe = await get(pathname, { retryClass: "unsafe", timeoutMs: 300 });
    const idempotent = await get(pathname, { retryClass: "idempotent", timeoutMs: 300 });
    expect(unsafe).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN", sent: true, operator: { ...operator, requestSent: true } });
    expect(idempotent).toMatchObject({ ok: false, code: "TEMPORARY_FAILURE", sent: true, operator });
    expectSecretFree(unsafe);
    expectSecretFree(idempotent);
  });
});

describe("callHttp: never connected", () => {
  it("classifies connection refused as NETWORK_UNREACHABLE, not sent", async () => {
    const result = await callHttp(
      { method: "POST", url: `http://127.0.0.1:${await closedPort()}/x?token=${SECRET}`, body: SECRET },
      { retryClass: "unsafe", maxBytes: 1024, timeoutMs: 5_000 },
    );
    expect(result).toMatchObject({ ok: false, code: "NETWORK_UNREACHABLE", sent: false, operator: { errno: "ECONNREFUSED", requestSent: false } });
    expectSecretFree(result);
  });

  it("classifies a DNS failure as NETWORK_UNREACHABLE, not sent", async () => {
    const result = await callHttp({ method: "GET", url: `http://${SECRET}.invalid/` }, { retryClass: "unsafe", maxBytes: 1024, timeoutMs: 10_000 });
    expect(result).toMatchObject({ ok: false, code: "NETWORK_UNREACHABLE", sent: false });
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain(result.operator.errno);
    expectSecretFree(result);
  });

  it("classifies a failed TLS handshake as NETWORK_UNREACHABLE, not sent", async () => {
    const result = await callHttp({ method: "POST", url: `https://${origin}/ok?token=${SECRET}` }, { retryClass: "unsafe", maxBytes: 1024, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: false, code: "NETWORK_UNREACHABLE", sent: false, operator: { requestSent: false } });
    expectSecretFree(result);
  });

  it("classifies a timeout before the connection exists as NETWORK_UNREACHABLE, not sent", async () => {
    const { child, port, fillers } = await stalledListener();
    try {
      const result = await callHttp({ method: "POST", url: `http://127.0.0.1:${port}/` }, { retryClass: "unsafe", maxBytes: 1024, timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, code: "NETWORK_UNREACHABLE", sent: false, operator: { timedOut: true, requestSent: false } });
    } finally {
      for (const filler of fillers) filler.destroy();
      child.kill("SIGKILL");
    }
  });

  it("reports an unusable request as INTERNAL_FAILURE without its text", async () => {
    const badHeader = await callHttp(
      { method: "GET", url: leakyUrl("/ok"), headers: { authorization: `Bearer x\r\nX-Leak: ${SECRET}` } },
      { retryClass: "safe", maxBytes: 1024, timeoutMs: 1_000 },
    );
    const badScheme = await callHttp({ method: "GET", url: `ftp://${SECRET}@host/` }, { retryClass: "safe", maxBytes: 1024, timeoutMs: 1_000 });
    const noCap = await callHttp({ method: "GET", url: leakyUrl("/ok") }, { retryClass: "safe", maxBytes: Number.NaN, timeoutMs: 1_000 });
    const noDeadline = await callHttp({ method: "GET", url: leakyUrl("/ok") }, { retryClass: "safe", maxBytes: 1024, timeoutMs: Infinity });
    for (const result of [badHeader, badScheme, noCap, noDeadline]) {
      expect(result).toMatchObject({ ok: false, code: "INTERNAL_FAILURE", sent: false });
      expectSecretFree(result);
    }
  });
});

/** Spawns the stalled listener and fills its backlog (backlog 1 admits 2 on Linux; 8 leaves no doubt). */
async function stalledListener(): Promise<{ child: ChildProcess; port: number; fillers: net.Socket[] }> {
  const child = spawn(process.execPath, [path.join(fixtures, "stalled-listener.mjs")], { stdio: ["ignore", "pipe", "ignore"] });
  const port = await new Promise<number>((resolve) => child.stdout!.once("data", (data) => resolve(Number(String(data).trim()))));
  const fillers = Array.from({ length: 8 }, () => net.connect(port, "127.0.0.1").on("error", () => {}));
  await new Promise((resolve) => fillers[0]!.once("connect", resolve));
  return { child, port, fillers };
}

describe("callHttp under executeWithRetry", () => {
  it("retries an idempotent call with one Idempotency-Key until it succeeds", async () => {
    const policy = compileRetryPolicy({ class: "idempotent", maxAttempts: 3, budgetMs: 5_000, retryOn: ["UPSTREAM_UNAVAILABLE"] });
    const run = await executeWithRetry(
      policy,
      ({ idempotencyKey }) =>
        callHttp(
          { method: "PUT", url: leakyUrl("/flaky/put-1"), headers: { "idempotency-key": idempotencyKey ?? "" } },
          { retryClass: policy.class, maxBytes: 1024, timeoutMs: 2_000 },
        ),
      systemRetryDeps,
    );
    expect(run).toMatchObject({ outcome: { ok: true, status: 200 }, attempts: 3, sleptMs: 0, stop: "succeeded" });
    const keys = served.get("/flaky/put-1") ?? [];
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^idem_[0-9A-Za-z]{22}$/);
  });

  it("sends an unsafe call once when the connection dropped after send", async () => {
    const policy = compileRetryPolicy({ class: "unsafe", maxAttempts: 5, budgetMs: 5_000, retryOn: ["TEMPORARY_FAILURE", "NETWORK_UNREACHABLE"] });
    const run = await executeWithRetry(
      policy,
      () => callHttp({ method: "POST", url: leakyUrl("/hangup/post-1"), body: "{}" }, { retryClass: policy.class, maxBytes: 1024, timeoutMs: 2_000 }),
      systemRetryDeps,
    );
    expect(run).toMatchObject({ outcome: { code: "OUTCOME_UNKNOWN", sent: true }, attempts: 1, stop: "not_retryable" });
    expect(served.get("/hangup/post-1")).toHaveLength(1);
  });

  it("retries an unsafe call that never connected when NETWORK_UNREACHABLE is listed", async () => {
    const policy = compileRetryPolicy({ class: "unsafe", maxAttempts: 3, budgetMs: 5_000, retryOn: ["NETWORK_UNREACHABLE"] });
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const run = await executeWithRetry(
      policy,
      () => callHttp({ method: "POST", url }, { retryClass: policy.class, maxBytes: 1024, timeoutMs: 2_000 }),
      systemRetryDeps,
    );
    expect(run).toMatchObject({ outcome: { code: "NETWORK_UNREACHABLE", sent: false }, attempts: 3, stop: "attempts_exhausted" });
  });
});
