import type { McpServerOptions } from "@modelcontextprotocol/server";

/**
 * The gate's MCP server identity and options. The SDK negotiates the protocol revision (2026-07-28
 * and 2025-11-25) itself; the gate's tool list can change (a drifted tool is withheld), so it
 * advertises `listChanged`. One small function, so a shared serving module can replace it.
 */
export const GATE_SERVER_INFO = { name: "toolgate-mcp-gate", version: "0.1.0" } as const;

export function gateServerOptions(): McpServerOptions {
  return { capabilities: { tools: { listChanged: true } } };
}
