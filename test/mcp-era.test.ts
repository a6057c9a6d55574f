import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpTools } from "../generated/definitions.js";
import { readResult as readReview } from "../generated/review_status/client.js";
import { readResult as readDiskUsage } from "../generated/ssh_disk_usage/client.js";
import { INVALID_RESPONSE } from "./support/events.js";
import { startHttpExample, type HttpExample } from "./support/mcp-http.js";
import { httpClient, readOperatorLines, REVISION, setScenario, stdioClient, type McpClient, type SdkLine } from "./support/mcp-session.js";

/*
 * The SDK 2.x example server serves MCP 2026-07-28 (stateless: server/discover, every request with
 * its own `_meta` envelope) alongside 2025-11-25 (initialize), over stdio and over Streamable HTTP,
 * to the real SDK 2.x client in both eras and the SDK 1.x client: the same tools, the same results.
 */

const SERVER = "examples/mcp/server-v2.ts";

interface Connected {
  readonly client: McpClient;
  scenario(name: "good" | "extra_field"): Promise<void>;
}

/** Over stdio each client starts its own server process. */
async function overStdio(sdk: SdkLine): Promise<Connected & { close(): Promise<void> }> {
  const { client, connected } = stdioClient(sdk, SERVER);
  const upstream = readOperatorLines(client.stderr, [], "upstream");
  await connected;
  const url = String((await upstream).url);
  return { client, scenario: (name) => setScenario(url, name), close: client.close };
}

const LINES: SdkLine[] = ["v2-2026", "v2", "v1"];

describe.each(["stdio", "http"] as const)("over %s", (transport) => {
  let http: HttpExample | undefined;
  beforeAll(async () => void (http = transport === "http" ? await startHttpExample(SERVER) : undefined));
  afterAll(() => http?.close());

  describe.each(LINES)("SDK client %s", (sdk) => {
    let connected: Connected & { close(): Promise<void> };
    beforeAll(async () => {
      if (!http) return void (connected = await overStdio(sdk));
      const client = await httpClient(sdk, http.url);
      connected = { client, scenario: http.scenario, close: client.close };
    });
    afterAll(() => connected.close());

    it("negotiates its revision, and the fixed tool list advertises no listChanged", () => {
      expect(connected.client.protocolVersion()).toBe(REVISION[sdk]);
      expect(connected.client.capabilities()?.tools).toStrictEqual({ listChanged: false });
    });

    it("lists every generated tool with exactly its generated definition", async () => {
      expect(await connected.client.listTools()).toStrictEqual(mcpTools);
    });

    it("review_status: the agent view, bound to the call's arguments", async () => {
      await connected.scenario("good");
      const args = { change_id: "CR-42" };
      const result = readReview(await connected.client.callTool("review_status", args), args);
      expect(result).toMatchObject({ tool: "review_status", outcome: "success", data: { change_id: "CR-42", decision: "approved" } });
    });

    it("review_status with an undeclared field upstream: the fixed INVALID_RESPONSE", async () => {
      await connected.scenario("extra_field");
      const args = { change_id: "CR-43" };
      const result = readReview(await connected.client.callTool("review_status", args), args);
      expect(result).toMatchObject({ tool: "review_status", outcome: "failure", error: INVALID_RESPONSE });
    });

    it("ssh_disk_usage through the local command runner: the mounts' agent view", async () => {
      const args = { host: "build-01", mount: "/" } as const;
      const result = readDiskUsage(await connected.client.callTool("ssh_disk_usage", args), args);
      expect(result.outcome).toBe("success");
      if (result.outcome === "success") expect(result.data.mounts.map((m) => m.mount)).toContain("/");
    });

    it("unknown tool: a JSON-RPC invalid-params error", async () => {
      await expect(connected.client.callTool("drop_database", {})).rejects.toMatchObject({ code: -32602 });
    });
  });
});
