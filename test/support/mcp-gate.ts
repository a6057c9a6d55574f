import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { pinFileOf, renderPinFile, type UpstreamTool } from "../../packages/cli/src/mcp/pin.js";
import { BUILT_CLI, runBuiltCli } from "./built-cli.js";
import { repoRoot, scratchDir } from "./project.js";

/** The real filesystem server from npm, run from node_modules (never fetched). */
export const FILESYSTEM_SERVER = join(repoRoot, "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "index.js");
/** The gate tests' own upstream (test/support/mcp-gate-upstream.ts), for hangs, crashes and drift on cue. */
export const PROBE_SERVER = ["--import", "tsx", join(repoRoot, "test", "support", "mcp-gate-upstream.ts")];

const common = (tool: string, operation: string) => `limits: { max_bytes: 4KiB, max_depth: 4 }
upstream: { envelope: false, kind: other, operation: ${operation} }
tool: ${tool}
version: 1
`;

/** Specs for two tools of the filesystem server and for the probe server's one tool; their payloads are what those servers return. */
export const GATE_SPECS: Record<string, string> = {
  "read_text_file.yaml": `${common("read_text_file", "read_file")}title: Read a status file
description: Reads one status file; its whole text is a single status word.
input:
  type: object
  required: [path]
  properties:
    path: { type: string, pattern: "^/[A-Za-z0-9/_.-]{1,255}$" }
output:
  type: object
  required: [content]
  properties:
    content: { enum: ["ok\\n", "degraded\\n", "down\\n"] }
agent_view: [content]
effects: read_only
retry: { class: safe, max_attempts: 1, budget: 5s, on: [] }
`,
  "create_directory.yaml": `${common("create_directory", "create_directory")}title: Create a work directory
description: Creates one work directory named work-<letters> in an existing directory.
input:
  type: object
  required: [path]
  properties:
    path: { type: string, pattern: "^/[A-Za-z0-9/_.-]{1,200}/work-[a-z]{1,16}$" }
output:
  type: object
  required: [content]
  properties:
    content: { type: string, maxLength: 512, pattern: "^Successfully created directory " }
agent_view: [content]
effects: additive
retry: { class: idempotent, max_attempts: 1, budget: 5s, on: [] }
`,
  "probe_status.yaml": `${common("probe_status", "probe")}title: Probe status
description: Reports whether the probe is up.
input:
  type: object
  properties:
    mode: { enum: [ok, hang, crash, error, blocks, drift] }
output:
  type: object
  required: [state]
  properties:
    state: { enum: [ok, down] }
    secret: { type: string, maxLength: 64 }
agent_view: [state]
effects: read_only
retry: { class: safe, max_attempts: 1, budget: 1s, on: [] }
`,
};

/** A generated project in a scratch directory inside the repository, so @toolgate/runtime resolves. */
export async function gateProject(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const scratch = await scratchDir("mcp-gate-");
  await mkdir(join(scratch.dir, "specs"));
  for (const [name, text] of Object.entries(GATE_SPECS)) await writeFile(join(scratch.dir, "specs", name), text);
  const gen = await runBuiltCli(scratch.dir, "gen");
  if (gen.code !== 0) throw new Error(`gen failed: ${gen.stderr}`);
  return scratch;
}

/** The upstream's tools/list, read with the real SDK client, as `toolgate import mcp` would pin it. */
export async function listUpstream(command: readonly string[], cwd: string): Promise<{ server: { name: string; version: string }; tools: UpstreamTool[] }> {
  const client = new Client({ name: "pin-writer", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...command], cwd, stderr: "ignore" }));
  const { tools } = await client.listTools();
  const info = client.getServerVersion();
  await client.close();
  return { server: { name: info?.name ?? "", version: info?.version ?? "" }, tools: tools as UpstreamTool[] };
}

export async function writePin(file: string, listing: { server: { name: string; version: string }; tools: readonly UpstreamTool[] }): Promise<void> {
  await writeFile(file, renderPinFile(pinFileOf(listing.server, listing.tools)));
}

export type OperatorLine = { readonly kind: string; readonly event?: string; readonly [key: string]: unknown };

/** A real SDK v2 client connected over stdio to the built `toolgate mcp-gate`; the gate's stderr (the operator channel) is collected. */
export interface GateSession {
  readonly client: Client;
  readonly operator: OperatorLine[];
  readonly stderr: string[];
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function collect(stream: Readable, lines: string[], operator: OperatorLine[]): void {
  createInterface({ input: stream }).on("line", (line) => {
    lines.push(line);
    try {
      operator.push(JSON.parse(line) as OperatorLine);
    } catch {
      // not an operator line (a diagnostic): kept in `stderr` only
    }
  });
}

/** `nodeArgs` go to the gate's own node (e.g. `--import` of a tracer setup). */
export async function startGateSession(cwd: string, gateArgs: readonly string[], upstream: readonly string[], onToolsChanged?: () => void, nodeArgs: readonly string[] = []): Promise<GateSession> {
  const args = [...nodeArgs, BUILT_CLI, "mcp-gate", ...gateArgs, "--", process.execPath, ...upstream];
  const transport = new StdioClientTransport({ command: process.execPath, args, cwd, env: getDefaultEnvironment(), stderr: "pipe" });
  const stderr: string[] = [];
  const operator: OperatorLine[] = [];
  collect(transport.stderr as Readable, stderr, operator);
  const listChanged = onToolsChanged === undefined ? {} : { listChanged: { tools: { onChanged: onToolsChanged } } };
  const client = new Client({ name: "gate-test", version: "0.0.0" }, listChanged);
  await client.connect(transport);
  return {
    client,
    operator,
    stderr,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as Record<string, unknown>,
    close: () => client.close(),
  };
}

/** Waits until `found` holds for the operator lines (they arrive asynchronously on stderr). */
export async function operatorLine(session: GateSession, found: (line: OperatorLine) => boolean): Promise<OperatorLine> {
  for (let i = 0; i < 200; i++) {
    const line = session.operator.find(found);
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no such operator line in ${JSON.stringify(session.operator)}`);
}
