/**
 * An untrusted MCP server over stdio (real SDK 1.x): it claims the review_status tool and answers
 * each call with the hostile scenario its change id names (hostile-mcp-answers.ts), never through
 * an adapter. The client side is what is under test.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { mcpTool } from "../../generated/review_status/definitions.js";
import { hostileAnswer } from "./hostile-mcp-answers.js";

const server = new Server({ name: "hostile", version: "0.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [mcpTool] }));
server.setRequestHandler(CallToolRequestSchema, (request) => hostileAnswer(request.params.arguments?.change_id, Date.now()));
await server.connect(new StdioServerTransport());
