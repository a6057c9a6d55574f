import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readResult } from "../generated/review_status/client.js";
import { startHttpExample, type HttpExample } from "./support/mcp-http.js";
import { httpClient, type SdkLine } from "./support/mcp-session.js";
import { expectBothServed, startRoundRobin, type RoundRobin } from "./support/round-robin.js";

/*
 * The stateless property that lets users scale out: two example server processes behind a plain
 * round-robin on loopback (no sticky sessions), every request to the other instance than the one
 * before. Every client line connects, lists and calls through it; concurrent calls each get the
 * result of their own call, and both instances serve calls.
 */

const CALLS = 12;
const MCP_PATH = "/mcp";

let instances: HttpExample[];
let proxy: RoundRobin;
beforeAll(async () => {
  instances = await Promise.all([startHttpExample(), startHttpExample()]);
  await Promise.all(instances.map((instance) => instance.scenario("good")));
  proxy = await startRoundRobin(instances.map((instance) => new URL(instance.url).origin));
});
afterAll(async () => {
  await proxy.close();
  await Promise.all(instances.map((instance) => instance.close()));
});

describe.each(["v2-2026", "v2", "v1"] as SdkLine[])("SDK client %s through the round-robin", (sdk) => {
  it("alternates requests between the instances; each concurrent call gets its own result", async () => {
    const before = [...proxy.forwarded];
    const client = await httpClient(sdk, proxy.url(MCP_PATH));
    try {
      expect((await client.listTools()).length).toBeGreaterThan(0);
      const calls = Array.from({ length: CALLS }, (_, n) => ({ change_id: `CR-${1000 + n}` }));
      const results = await Promise.all(calls.map((args) => client.callTool("review_status", args)));
      for (const [n, raw] of results.entries()) {
        const args = calls[n]!;
        // readResult checks the result is for this change (binding) and fresh; the view echoes the input.
        expect(readResult(raw, args)).toMatchObject({ outcome: "success", data: { change_id: args.change_id } });
      }
      await expectBothServed(instances, results, proxy, before);
    } finally {
      await client.close();
    }
  });
});
