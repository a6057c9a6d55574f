/**
 * Server options every era needs. The SDK's McpServer advertises `tools.listChanged: true` unless
 * told otherwise, which promises notifications a fixed tool list never sends.
 */
import type { ServerOptions } from "@modelcontextprotocol/server";

/** Options for an McpServer whose tools never change while it runs. */
export function fixedToolsServerOptions(): ServerOptions {
  return { capabilities: { tools: { listChanged: false } } };
}
