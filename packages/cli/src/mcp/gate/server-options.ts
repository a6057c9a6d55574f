import type { McpServerOptions } from "@modelcontextprotocol/server";

/**
 * The gate's MCP server identity and options. The SDK negotiates the protocol revision (2026-07-28
 * and 2025-11-25) itself. The gate's tool list can change (a drifted tool is withheld), so it
 * advertises `listChanged` wherever a change can reach the client: over stdio (either era) and to a
 * 2026-07-28 client over HTTP (its `subscriptions/listen` stream). A stateless 2025-era HTTP exchange
 * has no stream to carry a notification, so there it advertises none and the client re-lists.
 */
export const GATE_SERVER_INFO = { name: "toolgate-mcp-gate", version: "0.1.0" } as const;

export function gateServerOptions(listChanged: boolean): McpServerOptions {
  return { capabilities: { tools: { listChanged } } };
}
