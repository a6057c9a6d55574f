/**
 * Streamable HTTP for both MCP eras on one endpoint, through the SDK's `createMcpHandler`:
 * 2026-07-28 requests (a per-request `_meta` envelope, `server/discover`) are served by a fresh
 * instance each, and 2025-era traffic (initialize, then claim-less requests) by the SDK's stateless
 * fallback: no session id, a fresh instance per request. Nothing lives between requests, so any
 * instance can answer any request and instances scale out behind a plain round-robin.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, type McpServerFactory, type ServerEventBus } from "@modelcontextprotocol/server";
import { toWebRequest, writeWebResponse } from "./node-bridge.js";

export const DEFAULT_HTTP_HOST = "127.0.0.1";
/** The one path the endpoint answers on. */
export const MCP_HTTP_PATH = "/mcp";

export interface HttpServeOptions {
  /** Interface to bind; 127.0.0.1 unless given. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Out-of-band errors (a broken exchange); never shown to the client. */
  readonly onError?: (error: Error) => void;
  /** Change events (a tool list that changed) for the 2026-07-28 `subscriptions/listen` streams. */
  readonly bus?: ServerEventBus;
}

export interface HttpServing {
  /** The endpoint, e.g. http://127.0.0.1:8931/mcp */
  readonly url: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

export async function serveHttp(newServer: McpServerFactory, options: HttpServeOptions): Promise<HttpServing> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const onError = options.onError ?? (() => undefined);
  const handler = createMcpHandler(newServer, { onerror: onError, ...(options.bus && { bus: options.bus }) });
  // On loopback a foreign Host header means DNS rebinding: a web page reaching a local server.
  const hostnames = LOOPBACK.has(host) ? localhostAllowedHostnames() : undefined;
  const server = http.createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      onError(error instanceof Error ? error : new Error("exchange failed"));
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const web = toWebRequest(request, response);
    if (new URL(web.url).pathname !== MCP_HTTP_PATH) return writeWebResponse(new Response(null, { status: 404 }), response);
    const rejected = hostnames ? hostHeaderValidationResponse(web, hostnames) : undefined;
    await writeWebResponse(rejected ?? (await handler.fetch(web)), response);
  }
  await listen(server, host, options.port);
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_HTTP_PATH}`,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: http.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
