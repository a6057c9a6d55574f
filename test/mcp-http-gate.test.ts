import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI, runBuiltCli } from "./support/built-cli.js";
import { FILESYSTEM_SERVER, gateProject, listUpstream, writePin } from "./support/mcp-gate.js";
import { startHttpProcess, type HttpProcess } from "./support/mcp-http.js";
import { httpClient, REVISION, stdioCommandClient, type SdkLine } from "./support/mcp-session.js";
import { expectBothServed, startRoundRobin, type RoundRobin } from "./support/round-robin.js";

/*
 * `toolgate mcp-gate --http` (the built CLI) in front of the real @modelcontextprotocol/server-
 * filesystem: both MCP eras over Streamable HTTP and stdio, and two gate instances behind a plain
 * round-robin on loopback, every result the one of its own call.
 */

const WORDS = ["ok\n", "degraded\n", "down\n"] as const;
const FILES = 12;
const GATE = ["mcp-gate", "--tools", "read_text_file"];

let project: { dir: string; dispose: () => Promise<void> };
let data: string;
let gates: HttpProcess[];
let proxy: RoundRobin;

const fileOf = (n: number) => join(data, `status-${n}.txt`);
const structured = (result: Record<string, unknown>) => result.structuredContent as { content: string } | undefined;

function startGate(): Promise<HttpProcess> {
  const args = [BUILT_CLI, ...GATE, "--http", "0", "--", process.execPath, FILESYSTEM_SERVER, data];
  return startHttpProcess(args, project.dir, (line) => line.kind === "gate" && line.event === "listening");
}

beforeAll(async () => {
  project = await gateProject();
  data = await mkdtemp(join(tmpdir(), "gate-http-data-"));
  // Each file's word is known, so a result shows which call it answers.
  await Promise.all(Array.from({ length: FILES }, (_, n) => writeFile(fileOf(n), WORDS[n % WORDS.length]!)));
  await writePin(join(project.dir, "toolgate.mcp-pin.json"), await listUpstream([FILESYSTEM_SERVER, data], project.dir));
  gates = await Promise.all([startGate(), startGate()]);
  proxy = await startRoundRobin(gates.map((gate) => new URL(gate.url).origin));
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all((gates ?? []).map((gate) => gate.close()));
  await project?.dispose();
  await rm(data, { recursive: true, force: true });
});

describe("toolgate mcp-gate --http", { timeout: 180_000 }, () => {
  it("listens on 127.0.0.1 by default", () => {
    for (const gate of gates) expect(gate.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("a port it cannot listen on: TG840, exit 2", async () => {
    const port = new URL(gates[0]!.url).port;
    const result = await runBuiltCli(project.dir, ...GATE, "--http", port, "--", process.execPath, FILESYSTEM_SERVER, data);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error TG840: cannot serve Streamable HTTP on "127.0.0.1:${port}": EADDRINUSE`);
  });

  it("over stdio, the SDK 2.x client pinned to 2026-07-28 reads a file through the gate", async () => {
    const { client, connected } = stdioCommandClient("v2-2026", [BUILT_CLI, ...GATE, "--", process.execPath, FILESYSTEM_SERVER, data], project.dir);
    await connected;
    try {
      expect(client.protocolVersion()).toBe("2026-07-28");
      expect(structured(await client.callTool("read_text_file", { path: fileOf(1) }))).toStrictEqual({ content: WORDS[1] });
    } finally {
      await client.close();
    }
  });

  describe.each(["v2-2026", "v2", "v1"] as SdkLine[])("SDK client %s through a round-robin over two gates", (sdk) => {
    it("alternates requests between the gates; each concurrent call gets its own file's word", async () => {
      const before = [...proxy.forwarded];
      const client = await httpClient(sdk, proxy.url("/mcp"));
      try {
        expect(client.protocolVersion()).toBe(REVISION[sdk]);
        expect(((await client.listTools()) as { name: string }[]).map((t) => t.name)).toEqual(["read_text_file"]);
        const results = await Promise.all(Array.from({ length: FILES }, (_, n) => client.callTool("read_text_file", { path: fileOf(n) })));
        for (const [n, result] of results.entries()) expect(structured(result)).toStrictEqual({ content: WORDS[n % WORDS.length] });
        await expectBothServed(gates, results, proxy, before);
      } finally {
        await client.close();
      }
    });
  });
});
