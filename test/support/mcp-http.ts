import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Scenario } from "../../examples/mcp/upstream.js";
import { readOperatorLines, setScenario, type OperatorLine } from "./mcp-session.js";
import { repoRoot } from "./project.js";

/** A server process serving Streamable HTTP on 127.0.0.1, with its operator channel (stderr). */
export interface HttpProcess {
  /** The MCP endpoint. */
  readonly url: string;
  /** Every operator line the process wrote so far. */
  readonly operator: readonly OperatorLine[];
  /** Stops it with SIGTERM and waits for it to exit. */
  close(): Promise<void>;
}

/** Runs `node <args>` in `cwd` until it announces its endpoint: the operator line `announces` picks, with a `url`. */
export async function startHttpProcess(args: readonly string[], cwd: string, announces: (line: OperatorLine) => boolean): Promise<HttpProcess> {
  const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  const operator: OperatorLine[] = [];
  const announced = await readOperatorLines(child.stderr, operator, announces);
  return {
    url: String(announced.url),
    operator,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** An example server (`--http 0`), whose fake upstream's scenario a test can set. */
export interface HttpExample extends HttpProcess {
  scenario(name: Scenario): Promise<void>;
}

export async function startHttpExample(server = "examples/mcp/server-v2.ts"): Promise<HttpExample> {
  const started = await startHttpProcess(["--import", "tsx", server, "--http", "0"], repoRoot, (line) => line.kind === "http");
  // The upstream is announced before the endpoint.
  const upstreamUrl = String(started.operator.find((line) => line.kind === "upstream")?.url);
  return { ...started, scenario: (name) => setScenario(upstreamUrl, name) };
}
