import { REQUEST_ID_META_KEY } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readResult } from "../generated/review_status/client.js";
import { startHttpExample, type HttpExample } from "./support/mcp-http.js";
import { httpClient, type SdkLine } from "./support/mcp-session.js";
import { startRoundRobin, type RoundRobin } from "./support/round-robin.js";

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

/** Which instance ran the call with this request id: the one whose operator channel has its upstream attempt. */
function servedBy(requestId: string): number[] {
  return instances.flatMap((instance, index) => (instance.operator.some((line) => line.kind === "attempt" && line.request_id === requestId) ? [index] : []));
}

describe.each(["v2-2026", "v2", "v1"] as SdkLine[])("SDK client %s through the round-robin", (sdk) => {
  it("alternates requests between the instances; each concurrent call gets its own result", async () => {
    const before = [...proxy.forwarded];
    const client = await httpClient(sdk, proxy.url(MCP_PATH));
    try {
      expect((await client.listTools()).length).toBeGreaterThan(0);
      const calls = Array.from({ length: CALLS }, (_, n) => ({ change_id: `CR-${1000 + n}` }));
      const results = await Promise.all(calls.map((args) => client.callTool("review_status", args)));
      const owners = results.map((raw, n) => {
        const args = calls[n]!;
        // readResult checks the result is for this change (binding) and fresh; the view echoes the input.
        expect(readResult(raw, args)).toMatchObject({ outcome: "success", data: { change_id: args.change_id } });
        const requestId = String((raw._meta as Record<string, unknown>)[REQUEST_ID_META_KEY]);
        const owner = servedBy(requestId);
        expect(owner).toHaveLength(1);
        return owner[0];
      });
      expect(new Set(owners)).toStrictEqual(new Set([0, 1]));
      // Strict alternation: the two instances' shares differ by at most one request.
      const shares = proxy.forwarded.map((count, index) => count - before[index]!);
      expect(Math.abs(shares[0]! - shares[1]!)).toBeLessThanOrEqual(1);
    } finally {
      await client.close();
    }
  });
});
