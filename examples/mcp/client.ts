/**
 * An MCP client over stdio: starts the example server, lists its tools and calls review_status,
 * then reads the CallToolResult through the generated `readResult`. That gives the typed agent view
 * (or the failure envelope) whether or not the server can be trusted: the text block and
 * structuredContent must agree, pass the tool's limits, strict parse, the agent-view validator and
 * the spec's binding and freshness checks.
 *   npm run -s example:mcp-client
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readResult } from "../../generated/review_status/client.js";

const transport = new StdioClientTransport({
  command: process.execPath,
  args: ["--import", "tsx", "examples/mcp/server.ts"],
  env: getDefaultEnvironment(),
  // The server's stderr is the operator channel; this client is the agent's side and does not read it.
  stderr: "ignore",
});
const client = new Client({ name: "toolgate-example-client", version: "0.1.0" });
await client.connect(transport);

const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => t.name).join(", ")}`);

// readResult knows the arguments, so it checks that the server answered for this change, and recently (by this client's clock).
const args = { change_id: "CR-42" };
const result = readResult(await client.callTool({ name: "review_status", arguments: args }), args);
if (result.outcome === "success") {
  // Typed: the agent view has change_id, decision and observed_at, and nothing else.
  console.log(`review ${result.data.change_id}: ${result.data.decision} (observed ${result.data.observed_at})`);
} else {
  console.log(`failure: ${result.error.code} → ${result.error.action}`);
}
await client.close();
