import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { Gate } from "./index.js";

/** Serves one gate server over this process's stdio until the client closes it, then stops the upstream. */
export async function serveOverStdio(gate: Gate): Promise<void> {
  const server = gate.newServer();
  // The client ends a stdio session by closing the gate's stdin.
  const closed = new Promise<void>((resolve) => process.stdin.once("end", resolve));
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close().catch(() => undefined);
  await gate.close();
}
