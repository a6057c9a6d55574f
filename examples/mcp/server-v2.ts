/**
 * The same server for SDK 2.x, serving MCP 2026-07-28 (stateless: every request carries its
 * version, client info and capabilities) alongside the 2025-11-25 era, over stdio or, with
 * `--http <port>`, over Streamable HTTP on 127.0.0.1 (port 0 picks one; the URL goes to stderr as
 * `{"kind":"http","url":…}`). `registerTool` takes Standard Schemas, so each generated validator is
 * wrapped with its generated JSON Schema (toStandardSchema): the SDK validates arguments and
 * structured results with the precompiled validators.
 *   node --import tsx examples/mcp/server-v2.ts [--http <port>]
 */
import { parseArgs } from "node:util";
import { McpServer } from "@modelcontextprotocol/server";
import { fixedToolsServerOptions, serveUntilStopped } from "@toolgate/cli/mcp/serve";
import { toCallToolResult, toStandardSchema } from "@toolgate/runtime";
import { operatorLine, startExample, type Example } from "./setup.js";

/** A fresh server instance with every tool: once per stdio connection, once per HTTP request. */
function serverFor(example: Example): () => McpServer {
  return () => {
    const server = new McpServer({ name: "toolgate-example-v2", version: "0.1.0" }, fixedToolsServerOptions());
    for (const tool of example.tools) {
      const { name, title, description, inputSchema, outputSchema, annotations } = tool.definition;
      const config = {
        ...(title === undefined ? {} : { title }),
        description,
        inputSchema: toStandardSchema<Record<string, unknown>>(tool.validateInput, inputSchema),
        outputSchema: toStandardSchema<Record<string, unknown>>(tool.validateAgentView, outputSchema),
        annotations,
      };
      server.registerTool(name, config, async (args) => toCallToolResult(await tool.call(args)));
    }
    return server;
  };
}

const { values } = parseArgs({ options: { http: { type: "string" } } });
const port = values.http === undefined ? undefined : Number(values.http);
if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
  process.stderr.write("usage: server-v2.ts [--http <port 0-65535>]\n");
  process.exit(2);
}
const example = await startExample();
const newServer = serverFor(example);
const target = port === undefined ? ({ kind: "stdio" } as const) : ({ kind: "http", port } as const);
await serveUntilStopped(newServer, target, (url) => operatorLine({ kind: "http", url }));
await example.close();
process.exit(0);
