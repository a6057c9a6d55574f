import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpExample, type HttpExample } from "./support/mcp-http.js";

/*
 * The Streamable HTTP endpoint of the serving module (packages/cli/src/mcp/serve), through the
 * SDK 2.x example server, as raw HTTP: where it listens, that it keeps no session, and what it
 * refuses.
 */

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

function send(url: string, options: { method: string; headers?: Record<string, string>; body?: unknown }): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { accept: "application/json, text/event-stream", ...(body ? { "content-type": "application/json" } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.once("error", reject);
    request.end(body);
  });
}

describe("the example server over Streamable HTTP", () => {
  let example: HttpExample;
  beforeAll(async () => void (example = await startHttpExample()));
  afterAll(() => example.close());

  it("listens on 127.0.0.1 at /mcp by default", () => {
    expect(example.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("answers a 2025-11-25 initialize without a session id: nothing to stick to", async () => {
    const answer = await send(example.url, { method: "POST", body: INITIALIZE });
    expect(answer.status).toBe(200);
    expect(answer.headers["mcp-session-id"]).toBeUndefined();
    expect(answer.body).toContain(`"protocolVersion":"2025-11-25"`);
    expect(answer.body).toContain(`"tools":{"listChanged":false}`);
  });

  it("refuses the 2025 session operations a stateless endpoint does not have", async () => {
    expect((await send(example.url, { method: "GET" })).status).toBe(405);
    expect((await send(example.url, { method: "DELETE" })).status).toBe(405);
  });

  it("refuses a foreign Host header (DNS rebinding) and any other path", async () => {
    const rebound = await send(example.url, { method: "POST", body: INITIALIZE, headers: { host: "attacker.example" } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain("protocolVersion");
    expect((await send(new URL("/other", example.url).href, { method: "POST", body: INITIALIZE })).status).toBe(404);
  });
});
