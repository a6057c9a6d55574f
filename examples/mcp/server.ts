/**
 * The MCP example server for SDK 1.x over stdio. SDK 1.x `registerTool` takes only Zod, so the
 * generated JSON Schema definitions go through the low-level request handlers instead.
 *   npm run -s example:mcp
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { toCallToolResult } from "@toolgate/runtime";
import { startExample, stopWithStdin } from "./setup.js";

const example = await startExample();
const mcp = new McpServer({ name: "toolgate-example", version: "0.1.0" }, { capabilities: { tools: {} } });

mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: example.tools.map((t) => t.definition) }));

mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = example.byName(request.params.name);
  // A protocol error, as the MCP spec asks; the requested name is not echoed back.
  if (!tool) throw new McpError(ErrorCode.InvalidParams, "Unknown tool");
  return toCallToolResult(await tool.call(request.params.arguments ?? {}));
});

await mcp.connect(new StdioServerTransport());
stopWithStdin(example);
