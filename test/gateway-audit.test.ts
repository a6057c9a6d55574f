import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createAuditLog, newAuditAnchor, openAuditFile, verifyAuditLog } from "@toolgate/runtime/audit";
import { callHttp, parseDiskUsage } from "@toolgate/runtime/upstream";
import type { UpstreamBoundary } from "@toolgate/runtime/audit";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { runTool } from "../examples/gateway/gateway.js";
import type { HttpUpstream } from "../examples/gateway/gateway.js";
import { reviewStatus } from "../generated/review_status/adapter.js";
import { sshDiskUsage } from "../generated/ssh_disk_usage/adapter.js";
import { runCli } from "./support/cli.js";
import { sendJson, stalledListener, startLoopback, type Loopback } from "./support/loopback.js";
import { tempDir } from "./support/project.js";
import { startDeployment } from "./support/start-deployment.js";

/* Issue 16: every boundary of a call in the audit chain, in order, through the example gateway and a real loopback upstream. */

const upstream: Loopback = await startLoopback();
const tmp = await tempDir("gateway-audit");
afterAll(async () => {
  await upstream.close();
  await tmp.dispose();
});

/** An in-memory chain that remembers which lines were asked to be durable (the intent). */
function memoryLog(refuseDurable = false) {
  const lines: { line: string; durable: boolean }[] = [];
  const anchor = newAuditAnchor();
  const append = (line: string, durable: boolean): void => {
    if (durable && refuseDurable) throw new Error("fdatasync failed");
    lines.push({ line, durable });
  };
  const log = createAuditLog({ writer: "gateway-test", anchor, append });
  const events = () => lines.map(({ line }) => (JSON.parse(line) as { body: { event: Record<string, unknown> } }).body.event);
  const boundaries = () => events().map((e) => (e.boundary as string | undefined) ?? "verdict");
  return { log, lines, anchor, events, boundaries };
}

const http = <Input>(pathFor: (input: Input) => string, extra: Partial<HttpUpstream<Input>> = {}): HttpUpstream<Input> => ({
  baseUrl: upstream.baseUrl,
  headers: { authorization: "Bearer gateway-audit-token" },
  pathFor,
  timeoutMs: 2_000,
  ...extra,
});
const reviews = http((i: { change_id: string }) => `/reviews/${i.change_id}`);
const deployments = (extra: Partial<HttpUpstream<{ environment: string }>> = {}) =>
  http((i: { environment: string }) => `/deployments/${i.environment}`, { method: "POST", ...extra });
const review = { change_id: "CR-42", decision: "approved", reviewed_by: "alice", observed_at: new Date().toISOString() };
const deployed = { environment: "staging", revision: "9fceb02", state: "healthy", observed_at: new Date().toISOString() };
const approve = () => ({ decision: "approved" as const, approver_id: "ops-7" });

const SAFE_ORDER = ["input_validated", "credential_selected", "authorization", "connection_started", "request_written", "response_headers", "body_received", "attempt_finished", "verdict", "result_returned"];

describe("the gateway writes every boundary of a call", () => {
  it("in order, bound to the request id, with the body's size and digest", async () => {
    const body = JSON.stringify(review);
    upstream.handle((_q, r) => void r.writeHead(200, { "content-type": "application/json" }).end(body));
    const m = memoryLog();
    const result = await runTool(reviewStatus, { change_id: "CR-42" }, { upstream: reviews, audit: m.log, approve, credentialId: "cred-reviews-1" });
    expect(result.outcome).toBe("success");
    expect(m.boundaries()).toEqual(SAFE_ORDER);
    expect(m.events().every((e) => e.request_id === result.request_id)).toBe(true);
    expect(m.events()).toMatchObject([
      { valid: true },
      { credential_id: "cred-reviews-1" },
      { decision: "approved", approver_id: "ops-7" },
      { attempt: 1 },
      { attempt: 1 },
      { attempt: 1, status: 200 },
      { attempt: 1, bytes: Buffer.byteLength(body), sha256: createHash("sha256").update(body).digest("hex") },
      { attempt: 1, sent: true, next: "succeeded" },
      { outcome: "success" },
      { outcome: "success" },
    ]);
    // A safe read needs no intent, and nothing waits for the disk.
    expect(m.lines.some((l) => l.durable)).toBe(false);
    expect(JSON.stringify(m.lines)).not.toContain("gateway-audit-token");
  });

  it("an unsafe call: authorization before the connection, the durable intent before the request bytes", async () => {
    upstream.handle((_q, r) => sendJson(r, 200, deployed));
    const m = memoryLog();
    const result = await runTool(startDeployment, { environment: "staging" }, { upstream: deployments(), audit: m.log, approve });
    expect(result.outcome).toBe("success");
    const order = m.boundaries();
    expect(order).toEqual(["input_validated", "authorization", "intent", ...SAFE_ORDER.slice(3)]);
    expect(order.indexOf("authorization")).toBeLessThan(order.indexOf("connection_started"));
    expect(order.indexOf("intent")).toBeLessThan(order.indexOf("request_written"));
    expect(m.lines.map((l) => l.durable)).toEqual(order.map((b) => b === "intent"));
  });

  it("an unsafe call whose intent cannot be written does not run, unless told to run anyway", async () => {
    upstream.handle((_q, r) => sendJson(r, 200, deployed));
    const m = memoryLog(true);
    const refused = await runTool(startDeployment, { environment: "staging" }, { upstream: deployments(), audit: m.log });
    expect(refused).toMatchObject({ outcome: "failure", error: { code: "INTERNAL_FAILURE" } });
    expect(upstream.requests).toHaveLength(0);
    expect(m.boundaries()).not.toContain("connection_started");
    const anyway = await runTool(startDeployment, { environment: "staging" }, { upstream: deployments(), audit: memoryLog(true).log, runWithoutIntent: true });
    expect(anyway.outcome).toBe("success");
    expect(upstream.requests).toHaveLength(1);
  });

  it("a denial is on record before any upstream work, and invalid input names its fields", async () => {
    const m = memoryLog();
    const denied = await runTool(startDeployment, { environment: "staging" }, { upstream: deployments(), audit: m.log, approve: () => "denied" as const });
    expect(denied).toMatchObject({ error: { code: "USER_DENIED" } });
    expect(m.boundaries()).toEqual(["input_validated", "authorization", "verdict", "result_returned"]);
    expect(m.events()[1]).toMatchObject({ decision: "USER_DENIED" });
    const bad = memoryLog();
    await runTool(reviewStatus, { change_id: "42; rm -rf /" }, { upstream: reviews, audit: bad.log });
    expect(bad.boundaries()).toEqual(["input_validated", "verdict", "result_returned"]);
    expect(bad.events()[0]).toMatchObject({ valid: false, invalid_fields: ["change_id"] });
  });

  it("request bytes count as written only once handed to the socket: a connect that never completes wrote none", async () => {
    const stalled = await stalledListener();
    try {
      const m = memoryLog();
      const upstreamOf = { ...deployments({ timeoutMs: 300 }), baseUrl: `http://${stalled.origin}` };
      const result = await runTool(startDeployment, { environment: "staging" }, { upstream: upstreamOf, audit: m.log, retryDeps: { now: () => 0, sleep: async () => {}, random: () => 0 } });
      expect(result).toMatchObject({ error: { code: "NETWORK_UNREACHABLE" } });
      expect(m.boundaries()).not.toContain("request_written");
      expect(m.boundaries().slice(0, 4)).toEqual(["input_validated", "intent", "connection_started", "attempt_finished"]);
      expect(m.events()[3]).toMatchObject({ code: "NETWORK_UNREACHABLE", sent: false, next: "retry" });
    } finally {
      stalled.close();
    }
  });

  it("a command upstream: process started, request written, stdout received", async () => {
    const m = memoryLog();
    const df = { command: { file: "df", argsFor: () => ["-P", "-k", "--", "/"], parse: parseDiskUsage, timeoutMs: 5_000 } };
    const result = await runTool(sshDiskUsage, { host: "build-01", mount: "/" }, { upstream: df, audit: m.log });
    expect(result.outcome).toBe("success");
    expect(m.boundaries()).toEqual(["input_validated", "connection_started", "request_written", "body_received", "attempt_finished", "verdict", "result_returned"]);
  });
});

describe("callHttp's boundaries", () => {
  it("a connection whose peer never reads: connected, yet the request bytes were never all written", async () => {
    // The peer accepts and never reads, so 16 MB cannot leave the socket buffers: 'connect' fired, 'finish' never does.
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => void (sockets.push(socket), socket.pause()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const seen: UpstreamBoundary[] = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/deployments`;
    const result = await callHttp(
      { method: "POST", url, body: Buffer.alloc(16 * 1024 * 1024) },
      { timeoutMs: 500, maxBytes: 1024, retryClass: "unsafe", onBoundary: (b) => void seen.push(b) },
    );
    sockets.forEach((s) => s.destroy());
    server.close();
    expect(result).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN", sent: true, operator: { requestSent: true, requestWritten: false } });
    expect(seen).toEqual([{ boundary: "connection_started" }]);
  });
});

describe("toolgate audit explain", () => {
  it("reproduces a timed-out unsafe call end to end: request written, no answer, outcome unknown", async () => {
    const file = join(tmp.dir, "timeout.jsonl");
    const anchor = newAuditAnchor();
    const audit = openAuditFile(file, { writer: "gateway-1", anchor });
    upstream.handle((_q, r) => sendJson(r, 200, review));
    await runTool(reviewStatus, { change_id: "CR-42" }, { upstream: reviews, audit }); // another call in the chain before it
    upstream.handle(() => {}); // accepts the request, never answers
    // A deadline long enough that a loaded machine still connects and writes the request within it.
    const result = await runTool(startDeployment, { environment: "staging" }, { upstream: deployments({ timeoutMs: 1_500 }), audit, approve, credentialId: "cred-deploy-2" });
    audit.close();
    expect(result).toMatchObject({ error: { code: "OUTCOME_UNKNOWN" } });
    expect(upstream.requests).toHaveLength(1);
    const id = result.request_id;
    const text = await runCli("audit", "explain", file, id, "--anchor", anchor);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe("");
    const shown = text.stdout.replace(/ +\+\d+ ms/g, " +N ms").split("\n").map((l) => l.trimEnd());
    const upstreamRecords = 8; // the review call's records come first
    const line = (n: number): string => String(upstreamRecords + n).padStart(5);
    expect(shown).toEqual([
      `toolgate: ${file}: chain verified from the given anchor through line ${upstreamRecords + 9} (the call's last record)`,
      `call "${id}" of tool "start_deployment": 9 records`,
      "   line       time  boundary             facts",
      `  ${line(1)} +N ms  input_validated      valid`,
      `  ${line(2)} +N ms  credential_selected  credential "cred-deploy-2"`,
      `  ${line(3)} +N ms  authorization        "approved" by "ops-7"`,
      `  ${line(4)} +N ms  intent               attempt 1, on disk before the request`,
      `  ${line(5)} +N ms  connection_started   attempt 1, upstream "POST ${upstream.baseUrl}"`,
      `  ${line(6)} +N ms  request_written      attempt 1`,
      `  ${line(7)} +N ms  attempt_finished     attempt 1: "OUTCOME_UNKNOWN", sent true, then "not_retryable"`,
      `  ${line(8)} +N ms  verdict              "failure" "OUTCOME_UNKNOWN" at layer "transport"`,
      `  ${line(9)} +N ms  result_returned      "failure" "OUTCOME_UNKNOWN"`,
      "attempts:      1: OUTCOME_UNKNOWN, sent, not_retryable",
      'authorization: approved by "ops-7"',
      "verdict:       failure OUTCOME_UNKNOWN at layer transport",
      "outcome:       unknown: the request bytes were written to the upstream and no response came: the operation may have run; check the upstream before repeating it",
    ]);
    // The deadline shows in the timings: the attempt finished at least the timeout after the request.
    const json = await runCli("audit", "explain", file, id, "--anchor", anchor, "--error-format", "json");
    const explained = JSON.parse(json.stdout) as { verified: boolean; outcome: string; steps: { boundary: string; offset_ms: number }[]; attempts: unknown[] };
    expect(explained).toMatchObject({ verified: true, outcome: "unknown", attempts: [{ attempt: 1, code: "OUTCOME_UNKNOWN", sent: true, next: "not_retryable" }] });
    const at = (b: string): number => explained.steps.find((s) => s.boundary === b)!.offset_ms;
    expect(at("attempt_finished") - at("request_written")).toBeGreaterThanOrEqual(750);
    expect(JSON.stringify(explained)).not.toContain("gateway-audit-token");
    expect(verifyAuditLog(await readFile(file, "utf8"), { anchor }).openCalls).toEqual([]);
  });

  it("exits 1 for a request id not in the log, 2 for a malformed one, in each format", async () => {
    const file = join(tmp.dir, "timeout.jsonl");
    expect(await runCli("audit", "explain", file, "req_nothere")).toMatchObject({ code: 1, stderr: `${file}: error: no verified record of request "req_nothere"` });
    expect((await runCli("audit", "explain", file, "req_nothere", "--error-format", "github")).stderr).toBe(`::error file=${file}::no verified record of request "req_nothere"`);
    expect((await runCli("audit", "explain", file, "a b")).code).toBe(2);
  });

  it("explains several calls from one read of the chain, in the order given; one not on record is a finding", async () => {
    const file = join(tmp.dir, "timeout.jsonl");
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    const ids = [...new Set(lines.map((l) => (JSON.parse(l) as { body: { event: { request_id: string } } }).body.event.request_id))].reverse();
    expect(ids).toHaveLength(2);
    const singles = await Promise.all(ids.map(async (id) => (await runCli("audit", "explain", file, id, "--error-format", "json")).stdout));
    expect(await runCli("audit", "explain", file, ...ids, "--error-format", "json")).toMatchObject({ code: 0, stderr: "", stdout: singles.join("\n") });
    const text = await runCli("audit", "explain", file, ids[0]!, "req_nothere", ids[1]!);
    expect(text).toMatchObject({ code: 1, stderr: `${file}: error: no verified record of request "req_nothere"` });
    expect(text.stdout.split("\n").filter((l) => l.startsWith("call ")).map((l) => l.split(" ")[1])).toEqual(ids.map((id) => JSON.stringify(id)));
  });

  it("explains only what verified when the chain breaks inside the call, and exits 1", async () => {
    const file = join(tmp.dir, "timeout.jsonl");
    const lines = (await readFile(file, "utf8")).split("\n");
    const id = (JSON.parse(lines[8]!) as { body: { event: { request_id: string } } }).body.event.request_id;
    lines[11] = lines[11]!.replace('"attempt":1', '"attempt":2'); // line 12: the timed-out call's intent
    const edited = join(tmp.dir, "edited.jsonl");
    await writeFile(edited, lines.join("\n"));
    const { code, stdout, stderr } = await runCli("audit", "explain", edited, id);
    expect(code).toBe(1);
    expect(stderr).toBe(`${edited}:12: error: its hash does not match its body (changed after it was written)`);
    expect(stdout.split("\n").slice(0, 2)).toEqual([`toolgate: ${edited}: chain verified up to line 11 only`, `call "${id}" of tool "start_deployment": 3 records`]);
  });
});
