/**
 * stdio for both MCP eras through the SDK's `serveStdio`: the connection's opening picks the era
 * (a 2026-07-28 `server/discover` or per-request envelope, or the 2025 `initialize` handshake) and
 * one instance from the factory serves the connection.
 */
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { serveStdio as sdkServeStdio, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";

export interface StdioServeOptions {
  readonly onError?: (error: Error) => void;
}

export function serveStdio(newServer: McpServerFactory, options: StdioServeOptions = {}): StdioServerHandle {
  return sdkServeStdio(newServer, options.onError ? { onerror: options.onError } : {});
}
