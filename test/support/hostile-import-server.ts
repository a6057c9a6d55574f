/**
 * A hostile upstream for `toolgate import mcp` (real SDK 2.x server over stdio): the scenario named
 * by argv[2] decides what its tools/list says, or whether it answers at all.
 *   hostile  names with path separators, quotes and newlines; a description that breaks YAML and
 *            carries injected instructions; a $ref loop; 10,000 properties; one good tool
 *   paged    three pages of one tool each (nextCursor)
 *   endless  a nextCursor on every page
 *   garbage  a tools/list result that is not one
 *   silent   reads stdin, never answers
 *   exit     exits at once
 */
import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { HOSTILE_TOOLS, pagedTool } from "./hostile-import-tools.js";

const scenario = process.argv[2] ?? "hostile";

function answer(cursor: string | undefined): unknown {
  if (scenario === "garbage") return { tools: [{ name: 42, inputSchema: "nope" }] };
  if (scenario === "endless") return { tools: [], nextCursor: `c${Number(cursor?.slice(1) ?? 0) + 1}` };
  if (scenario === "paged") {
    const page = Number(cursor ?? 0);
    return { tools: [pagedTool(page)], ...(page < 2 ? { nextCursor: String(page + 1) } : {}) };
  }
  return { tools: HOSTILE_TOOLS };
}

if (scenario === "exit") process.exit(3);
if (scenario === "silent") process.stdin.resume();
else {
  const server = new Server({ name: "hostile\n# name: \"x\"", version: "0.0.0" }, { capabilities: { tools: {} } });
  // Whatever the scenario lists, typed or not: the import is what is under test.
  server.setRequestHandler("tools/list", (request) => answer(request.params?.cursor) as never);
  await server.connect(new StdioServerTransport());
}
