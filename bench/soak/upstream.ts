/**
 * The soak test's loopback upstream for review_status, run in its own process (upstream-main.ts) so
 * it does not share the gateway's event loop: most answers are right, the rest carry the faults of
 * issue 16 in fixed proportions. The fault is a function of the change id, so the checker knows
 * which fault each call got without asking the upstream.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Fault = "none" | "reset" | "slow_body" | "malformed" | "duplicate_member" | "other_call";

/** Cumulative shares: 5% resets, 5% slow bodies, 1% malformed, 1% duplicate members, 1% another call's answer. */
const SHARES: readonly [Fault, number][] = [
  ["reset", 0.05],
  ["slow_body", 0.1],
  ["malformed", 0.11],
  ["duplicate_member", 0.12],
  ["other_call", 0.13],
];

/** A fixed, well-mixed draw in [0, 1) for call number `n` (a 32-bit integer hash). */
function draw(n: number): number {
  let t = Math.imul(n ^ 0x6d2b79f5, 0x9e3779b1);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The fault the upstream serves for `CR-<n>`. */
export function faultOf(changeId: string): Fault {
  const at = draw(Number(changeId.slice(3)));
  return SHARES.find(([, upTo]) => at < upTo)?.[0] ?? "none";
}

const review = (changeId: string): Record<string, string> => ({ change_id: changeId, decision: "approved", reviewed_by: "alice", observed_at: new Date().toISOString() });

/** Starts the upstream on 127.0.0.1; `slowMs` is how long a slow body takes (past the gateway's timeout). */
export async function startFaultyUpstream(slowMs: number): Promise<{ readonly port: number }> {
  const server = http.createServer((request, response) => {
    const changeId = decodeURIComponent((request.url ?? "").split("/").at(-1) ?? "");
    const fault = faultOf(changeId);
    const json = { "content-type": "application/json" };
    if (fault === "reset") return void request.socket.destroy();
    if (fault === "slow_body") {
      response.writeHead(200, json).write('{"change_id":');
      return void setTimeout(() => response.end(`${JSON.stringify(changeId)}}`), slowMs).unref();
    }
    // Another call's answer: the change id of a neighbouring call.
    const body = JSON.stringify(review(fault === "other_call" ? `CR-${Number(changeId.slice(3)) + 1}` : changeId));
    if (fault === "malformed") return void response.writeHead(200, json).end(body.slice(0, body.length - 7));
    if (fault === "duplicate_member") return void response.writeHead(200, json).end(`{"decision":"rejected",${body.slice(1)}`);
    response.writeHead(200, json).end(body);
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog: 1024 }, resolve));
  return { port: (server.address() as AddressInfo).port };
}
