import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Scenario } from "../../examples/mcp/upstream.js";
import { readOperatorLines, setScenario, type OperatorLine } from "./mcp-session.js";
import { repoRoot } from "./project.js";

/** An example server process serving Streamable HTTP on 127.0.0.1 (`--http 0`). */
export interface HttpExample {
  /** The MCP endpoint. */
  readonly url: string;
  /** Every operator line the process wrote so far. */
  readonly operator: readonly OperatorLine[];
  scenario(name: Scenario): Promise<void>;
  close(): Promise<void>;
}

export async function startHttpExample(server = "examples/mcp/server-v2.ts"): Promise<HttpExample> {
  const child = spawn(process.execPath, ["--import", "tsx", server, "--http", "0"], { cwd: repoRoot, stdio: ["ignore", "ignore", "pipe"] });
  const operator: OperatorLine[] = [];
  const http = await readOperatorLines(child.stderr, operator, "http");
  // The upstream is announced before the endpoint.
  const upstreamUrl = String(operator.find((line) => line.kind === "upstream")?.url);
  return {
    url: String(http.url),
    operator,
    scenario: (name) => setScenario(upstreamUrl, name),
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
