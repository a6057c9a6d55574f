import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
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

/**
 * Which real client: SDK 1.x or 2.x in the 2025-11-25 era (initialize handshake), or SDK 2.x
 * pinned to the stateless 2026-07-28 revision (`server/discover`, per-request `_meta`).
 */
export type SdkLine = "v1" | "v2" | "v2-2026";

/** The revision each client line ends up on, as SDK 2.x reports it (SDK 1.x does not say). */
export const REVISION: Readonly<Record<SdkLine, string | undefined>> = { "v2-2026": "2026-07-28", v2: "2025-11-25", v1: undefined };

// Short, so the timeout scenario ends quickly; a safety bound, not something the tests time.
const UPSTREAM_TIMEOUT_MS = "300";

/** What the tests use of either SDK line's client. */
export interface McpClient {
  listTools(): Promise<unknown[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The revision the connection uses, as the client reports it (SDK 2.x only). */
  protocolVersion(): string | undefined;
  /** The server's advertised capabilities. */
  capabilities(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** A real SDK client of either line, connected over stdio to `server` (a TypeScript file run with tsx). */
export interface StdioClient extends McpClient {
  readonly stderr: Readable;
}

type V1Transport = StdioV1 | HttpV1;
type V2Transport = StdioV2 | HttpV2;

function connectClient(sdk: SdkLine, transport: () => V1Transport | V2Transport): { client: McpClient; connected: Promise<void> } {
  const info = { name: "toolgate-test", version: "0.0.0" };
  const modern = { versionNegotiation: { mode: { pin: "2026-07-28" } } };
  const v2 = sdk === "v1" ? undefined : new ClientV2(info, sdk === "v2-2026" ? modern : {});
  // Each client line is used through the same calls; the casts only join their result types.
  const client = v2 ?? new ClientV1(info);
  return {
    client: {
      listTools: async () => (await client.listTools()).tools,
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as Record<string, unknown>,
      protocolVersion: () => v2?.getNegotiatedProtocolVersion(),
      capabilities: () => client.getServerCapabilities() as Record<string, unknown> | undefined,
      close: () => client.close(),
    },
    connected: client.connect(transport() as V1Transport & V2Transport),
  };
}

export function stdioClient(sdk: SdkLine, server: string, env: Record<string, string> = {}): { client: StdioClient; connected: Promise<void> } {
  return stdioCommandClient(sdk, ["--import", "tsx", server], repoRoot, env);
}

/** The same for a server started as `node <args>` in `cwd` (the built CLI, say). */
export function stdioCommandClient(sdk: SdkLine, args: readonly string[], cwd: string, env: Record<string, string> = {}): { client: StdioClient; connected: Promise<void> } {
  const params = { command: process.execPath, args: [...args], cwd, env: { ...getDefaultEnvironment(), ...env }, stderr: "pipe" as const };
  const transport = sdk === "v1" ? new StdioV1(params) : new StdioV2(params);
  const { client, connected } = connectClient(sdk, () => transport);
  return { client: { ...client, stderr: transport.stderr as Readable }, connected };
}

/** A real SDK client connected over Streamable HTTP to `url`. */
export async function httpClient(sdk: SdkLine, url: string): Promise<McpClient> {
  const { client, connected } = connectClient(sdk, () => (sdk === "v1" ? new HttpV1(new URL(url)) : new HttpV2(new URL(url))));
  await connected;
  return client;
}

/** Sets the scenario of the example's fake upstream at `upstreamUrl`. */
export async function setScenario(upstreamUrl: string, name: Scenario): Promise<void> {
  const response = await fetch(`${upstreamUrl}/_control/scenario/${name}`, { method: "PUT" });
  if (response.status !== 204) throw new Error(`scenario ${name}: ${response.status}`);
}

export async function startSession(sdk: SdkLine, server: string): Promise<Session> {
  const { client, connected } = stdioClient(sdk, server, { TOOLGATE_EXAMPLE_TIMEOUT_MS: UPSTREAM_TIMEOUT_MS });
  const operator: OperatorLine[] = [];
  // Read from the start: the server announces its upstream while the client connects.
  const upstream = readOperatorLines(client.stderr, operator, "upstream");
  await connected;
  const url = String((await upstream).url);
  return {
    listTools: client.listTools,
    callTool: client.callTool,
    scenario: (name) => setScenario(url, name),
    operator,
    close: client.close,
  };
}

/** Collects every operator line into `into`; resolves with the first line of `kind` (or the first `found` holds for). */
export function readOperatorLines(stderr: Readable, into: OperatorLine[], kind: string | ((line: OperatorLine) => boolean)): Promise<OperatorLine> {
  const found = typeof kind === "string" ? (line: OperatorLine) => line.kind === kind : kind;
  return new Promise((resolve, reject) => {
    createInterface({ input: stderr }).on("line", (line) => {
      const record = parseLine(line);
      into.push(record);
      if (found(record)) resolve(record);
    });
    stderr.once("end", () => reject(new Error(`the server ended before the line it was to announce: ${JSON.stringify(into)}`)));
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
