/**
 * The process shell around the two serving entries, for a long-running server: over stdio until
 * the client closes stdin (its normal way to stop a stdio server), or over HTTP until SIGTERM or
 * SIGINT (in-flight exchanges aborted, sockets closed).
 */
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { serveHttp, type HttpServeOptions } from "./http.js";
import { serveStdio } from "./stdio.js";

/** Where to serve: this process's stdio, or Streamable HTTP on host:port. */
export type ServeTarget = { readonly kind: "stdio" } | ({ readonly kind: "http" } & Omit<HttpServeOptions, "onError">);

/**
 * Resolves once the client or a signal ended the serving; rejects when the HTTP endpoint cannot
 * listen. `announce` hears the HTTP endpoint's URL once it listens.
 */
export async function serveUntilStopped(newServer: McpServerFactory, target: ServeTarget, announce: (url: string) => void = () => undefined): Promise<void> {
  if (target.kind === "stdio") {
    const closed = new Promise<void>((resolve) => process.stdin.once("end", resolve));
    const handle = serveStdio(newServer);
    await closed;
    await handle.close();
    return;
  }
  const serving = await serveHttp(newServer, target);
  announce(serving.url);
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve).once("SIGINT", resolve);
  });
  await serving.close();
}
