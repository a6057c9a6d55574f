import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { Scenario } from "../../examples/mcp/upstream.js";
import { repoRoot } from "./project.js";

/** One operator line the example server wrote to stderr (see examples/mcp/setup.ts). */
export type OperatorLine = { readonly kind: string; readonly [key: string]: unknown };

/** A real MCP client connected over stdio to an example server in a child process. */
export interface Session {
  listTools(): Promise<unknown[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Sets how the example's fake upstream answers the next calls. */
  scenario(name: Scenario): Promise<void>;
  /** Every operator line so far. */
  readonly operator: readonly OperatorLine[];
  close(): Promise<void>;
}

export type SdkLine = "v1" | "v2";

// Short, so the timeout scenario ends quickly; a safety bound, not something the tests time.
const UPSTREAM_TIMEOUT_MS = "300";

/** A real SDK client of either line, connected over stdio to `server` (a TypeScript file run with tsx). */
export interface StdioClient {
  readonly stderr: Readable;
  listTools(): Promise<unknown[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export function stdioClient(sdk: SdkLine, server: string, env: Record<string, string> = {}): { client: StdioClient; connected: Promise<void> } {
  const params = { command: process.execPath, args: ["--import", "tsx", server], cwd: repoRoot, env: { ...getDefaultEnvironment(), ...env }, stderr: "pipe" as const };
  const info = { name: "toolgate-test", version: "0.0.0" };
  const transport = sdk === "v1" ? new StdioV1(params) : new StdioV2(params);
  // Each client line is used through the same three calls; the casts only join their result types.
  const client = sdk === "v1" ? new ClientV1(info) : new ClientV2(info);
  return {
    client: {
      stderr: transport.stderr as Readable,
      listTools: async () => (await client.listTools()).tools,
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as Record<string, unknown>,
      close: () => client.close(),
    },
    connected: client.connect(transport as StdioV1 & StdioV2),
  };
}

export async function startSession(sdk: SdkLine, server: string): Promise<Session> {
  const { client, connected } = stdioClient(sdk, server, { TOOLGATE_EXAMPLE_TIMEOUT_MS: UPSTREAM_TIMEOUT_MS });
  const operator: OperatorLine[] = [];
  // Read from the start: the server announces its upstream while the client connects.
  const upstreamUrl = readOperatorLines(client.stderr, operator);
  await connected;
  const url = await upstreamUrl;
  return {
    listTools: client.listTools,
    callTool: client.callTool,
    async scenario(name) {
      const response = await fetch(`${url}/_control/scenario/${name}`, { method: "PUT" });
      if (response.status !== 204) throw new Error(`scenario ${name}: ${response.status}`);
    },
    operator,
    close: client.close,
  };
}

function readOperatorLines(stderr: Readable, into: OperatorLine[]): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: stderr }).on("line", (line) => {
      const record = parseLine(line);
      into.push(record);
      if (record.kind === "upstream") resolve(String(record.url));
    });
    stderr.once("end", () => reject(new Error("the example server ended before announcing its upstream")));
  });
}

// Anything else on stderr (a Node warning) is kept as text rather than failing the run.
function parseLine(line: string): OperatorLine {
  try {
    return JSON.parse(line) as OperatorLine;
  } catch {
    return { kind: "text", line };
  }
}
