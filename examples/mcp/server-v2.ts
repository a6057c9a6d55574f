/**
 * The same server for SDK 2.x: `registerTool` takes Standard Schemas, so each generated validator
 * is wrapped together with its generated JSON Schema (toStandardSchema). The SDK then validates
 * arguments and structured results with the precompiled validators.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { toCallToolResult, toStandardSchema } from "@toolgate/runtime";
import { startExample, stopWithStdin } from "./setup.js";

const example = await startExample();
const server = new McpServer({ name: "toolgate-example-v2", version: "0.1.0" });

for (const tool of example.tools) {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool.definition;
  server.registerTool(
    name,
    {
      ...(title === undefined ? {} : { title }),
      description,
      inputSchema: toStandardSchema<Record<string, unknown>>(tool.validateInput, inputSchema),
      outputSchema: toStandardSchema<Record<string, unknown>>(tool.validateAgentView, outputSchema),
      annotations,
    },
    async (args) => toCallToolResult(await tool.call(args)),
  );
}

await server.connect(new StdioServerTransport());
stopWithStdin(example);
