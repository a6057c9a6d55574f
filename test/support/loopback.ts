import { spawn } from "node:child_process";
import http from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** What the upstream saw of one request. */
export interface ServedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real node:http upstream on 127.0.0.1 whose behaviour each test sets. */
export interface Loopback {
  readonly baseUrl: string;
  /** Every request since the last `handle`, in arrival order. */
  readonly requests: ServedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<Loopback> {
  const requests: ServedRequest[] = [];
  let current: Handler = (_request, response) => void response.writeHead(500).end();
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    current(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    handle(handler) {
      requests.length = 0;
      current = handler;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that was just free: connecting to it is refused (nothing listens there). */
export async function refusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Writes a JSON body with the given status and headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

/**
 * host:port of a listener that never accepts (fixtures/upstream/stalled-listener.mjs) with its
 * backlog filled, so Linux drops further SYNs: a client's connect never completes, which makes a
 * real timeout before send. Backlog 1 admits 2 connections on Linux; 8 fillers leave no doubt.
 */
export async function stalledListener(): Promise<{ origin: string; close(): void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "../fixtures/upstream/stalled-listener.mjs")], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const port = await new Promise<number>((resolve) => child.stdout.once("data", (data) => resolve(Number(String(data).trim()))));
  const fillers = Array.from({ length: 8 }, () => net.connect(port, "127.0.0.1").on("error", () => {}));
  await new Promise((resolve) => fillers[0]!.once("connect", resolve));
  return {
    origin: `127.0.0.1:${port}`,
    close() {
      fillers.forEach((filler) => filler.destroy());
      child.kill("SIGKILL");
    },
  };
}
