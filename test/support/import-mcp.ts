import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { join } from "node:path";
import { runBuiltCli } from "./built-cli.js";
import type { CliResult } from "./cli.js";
import { repoRoot } from "./project.js";

/** The real third-party upstream: @modelcontextprotocol/server-filesystem's entry, run by this Node (no npx, no network). */
export const FILESYSTEM_SERVER = join(repoRoot, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

/** The hostile upstream of test/support, run through tsx. */
export const HOSTILE_SERVER = join(repoRoot, "test/support/hostile-import-server.ts");

/** Generous: the machine is shared and tsx compiles the hostile server at start; only `silent` is meant to hit it. */
export const START_TIMEOUT_MS = "90000";

/** `toolgate import mcp [options] -- <server command>` through the built CLI in `dir`. */
export const importMcp = (dir: string, options: readonly string[], server: readonly string[]): Promise<CliResult> =>
  runBuiltCli(dir, "import", "mcp", "--timeout", START_TIMEOUT_MS, ...options, "--", ...server);

/** The filesystem server over `root` (relative to the importing project, so no absolute path reaches its answers). */
export const filesystemServer = (root: string): string[] => [process.execPath, FILESYSTEM_SERVER, root];

// tsx by its file URL: `--import tsx` would resolve from the importing project, which has no node_modules.
export const hostileServer = (scenario: string): string[] => [process.execPath, "--import", import.meta.resolve("tsx"), HOSTILE_SERVER, scenario];

/** The server's own tools/list and identity, read with the SDK client directly: what the pin must hold. */
export async function listDirectly(server: readonly string[], cwd: string): Promise<{ server: { name: string; version: string }; tools: { name: string }[] }> {
  const [command, ...args] = server;
  const client = new Client({ name: "toolgate-test", version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: command!, args, cwd, env: getDefaultEnvironment(), stderr: "ignore" }));
  try {
    const { tools } = await client.listTools();
    const info = client.getServerVersion()!;
    return { server: { name: info.name, version: info.version }, tools };
  } finally {
    await client.close();
  }
}
