/**
 * The process shell around `serveHttp` for a long-running server: serve, say where, and stop
 * cleanly (in-flight exchanges aborted, sockets closed) on SIGTERM or SIGINT.
 */
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { serveHttp, type HttpServeOptions } from "./http.js";

/** Resolves once a stop signal came and the endpoint is closed; rejects when it cannot listen. */
export async function serveHttpUntilStopped(newServer: McpServerFactory, options: HttpServeOptions, announce: (url: string) => void): Promise<void> {
  const serving = await serveHttp(newServer, options);
  announce(serving.url);
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve).once("SIGINT", resolve);
  });
  await serving.close();
}
