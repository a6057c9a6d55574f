import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "./support/built-cli.js";
import { gateProject, listUpstream, PROBE_SERVER, writePin } from "./support/mcp-gate.js";
import { startHttpProcess, type HttpProcess } from "./support/mcp-http.js";
import { httpClient, type McpClient } from "./support/mcp-session.js";

/*
 * `toolgate mcp-gate --http` when a pinned upstream tool drifts. Stateless Streamable HTTP keeps no
 * stream between requests, except the one a 2026-07-28 client opens with `subscriptions/listen`:
 * that client hears `notifications/tools/list_changed`; a 2025-era client is told there is no
 * notification (no listChanged) and re-lists, which shows the tool withheld.
 */

let project: { dir: string; dispose: () => Promise<void> };
let gate: HttpProcess;

const code = (result: Record<string, unknown>) => (JSON.parse((result.content as { text: string }[])[0]!.text) as { error: { code: string } }).error.code;

beforeAll(async () => {
  project = await gateProject();
  await writePin(join(project.dir, "toolgate.mcp-pin.json"), await listUpstream(PROBE_SERVER, project.dir));
  const args = [BUILT_CLI, "mcp-gate", "--tools", "probe_status", "--http", "0", "--", process.execPath, ...PROBE_SERVER];
  gate = await startHttpProcess(args, project.dir, (line) => line.kind === "gate" && line.event === "listening");
}, 240_000);

afterAll(async () => {
  await gate?.close();
  await project?.dispose();
});

describe("mcp-gate --http when a pinned tool drifts", { timeout: 180_000 }, () => {
  let modern: Client;
  let legacy: McpClient;
  let changed = 0;
  beforeAll(async () => {
    const listChanged = { tools: { onChanged: () => void changed++ } };
    modern = new Client({ name: "gate-test-2026", version: "0.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, listChanged });
    await modern.connect(new StreamableHTTPClientTransport(new URL(gate.url)));
    legacy = await httpClient("v2", gate.url);
  }, 60_000);
  afterAll(async () => {
    await modern?.close();
    await legacy?.close();
  });

  it("promises list_changed to the 2026-07-28 client only, and lists the tool to both", async () => {
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(modern.getServerCapabilities()?.tools).toStrictEqual({ listChanged: true });
    expect(modern.autoOpenedSubscription).toBeDefined();
    expect(legacy.capabilities()?.tools).toStrictEqual({ listChanged: false });
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(["probe_status"]);
    expect(((await legacy.listTools()) as { name: string }[]).map((t) => t.name)).toEqual(["probe_status"]);
  });

  it("notifies the 2026-07-28 client on its listen stream; a re-list by either client shows the tool withheld", async () => {
    expect((await legacy.callTool("probe_status", { mode: "drift" })).structuredContent).toEqual({ state: "ok" });
    await expect.poll(() => changed, { timeout: 20_000 }).toBe(1);
    expect(gate.operator.find((l) => l.event === "tool_withheld")).toMatchObject({ tool: "probe_status", status: "changed", fields: ["description"] });
    expect((await modern.listTools()).tools).toEqual([]);
    expect(await legacy.listTools()).toEqual([]);
    expect(code((await modern.callTool({ name: "probe_status", arguments: { mode: "ok" } })) as Record<string, unknown>)).toBe("TOOL_WITHHELD");
  });
});
