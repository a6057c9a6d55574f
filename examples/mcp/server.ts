/**
 * The MCP example server for SDK 1.x over stdio (the 2025-11-25 era). SDK 1.x `registerTool` takes
 * only Zod, so the generated JSON Schema definitions go through the low-level request handlers.
 *   npm run -s example:mcp
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toCallToolResult } from "@toolgate/runtime";
import { startExample, stopWithStdin } from "./setup.js";

const example = await startExample();
// `tools: {}` advertises no listChanged: the list is fixed while the server runs.
const mcp = new McpServer({ name: "toolgate-example", version: "0.1.0" }, { capabilities: { tools: {} } });

/**
 * A JSON-RPC error the SDK sends with exactly this message. (An McpError's message already starts
 * with "MCP error -32602: ", and the client adds that prefix again.)
 */
const invalidParams = (message: string): Error => Object.assign(new Error(message), { code: ErrorCode.InvalidParams });

mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: example.tools.map((t) => t.definition) }));

mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = example.byName(request.params.name);
  // A protocol error, as the MCP spec asks; the requested name is not echoed back.
  if (!tool) throw invalidParams("Unknown tool");
  return toCallToolResult(await tool.call(request.params.arguments ?? {}));
});

await mcp.connect(new StdioServerTransport());
stopWithStdin(example);
