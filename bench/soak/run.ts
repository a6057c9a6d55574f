/**
 * The soak run (issue 16, "Under load, with faults"): the example gateway serves `calls` review_status
 * calls, `concurrency` at a time, against the faulty loopback upstream, with the audit file and an
 * OpenTelemetry sink on. It checks every result against the fault the upstream served for it and
 * returns the figures; the CI variant asserts the correctness part, the script prints all of it.
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { BasicTracerProvider, SimpleSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import type { AdapterEvent, AgentResult } from "@toolgate/runtime";
import { newAuditAnchor, openAuditFile, verifyAuditStream, type AuditReport } from "@toolgate/runtime/audit";
import { otelEventSink } from "@toolgate/runtime/otel";
import { runTool } from "../../examples/gateway/gateway.js";
import { reviewStatus, reviewStatusRoute } from "../../generated/index.js";
import { faultOf, type Fault } from "./upstream.js";

export interface SoakOptions {
  readonly calls: number;
  readonly concurrency: number;
  /** Where the audit file goes. */
  readonly dir: string;
  readonly timeoutMs?: number;
}

export interface SoakReport {
  readonly calls: number;
  readonly seconds: number;
  /** `fault → code` (code "success" for a success), counted. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Faults that ended in a success, or in a code that is neither theirs nor a timeout. */
  readonly misclassified: number;
  /** Calls the gateway's own timeout ended although the upstream meant to answer in time (load). */
  readonly timedOutUnderLoad: number;
  /** Successes whose data belongs to another call. */
  readonly wrongCall: number;
  readonly adapterMs: { readonly p50: number; readonly p99: number };
  readonly spans: number;
  readonly events: number;
  readonly audit: AuditReport;
  readonly rssGrowthMb: number;
}

/** The code each fault must end in; a right answer must succeed. */
const EXPECTED: Readonly<Record<Fault, string>> = {
  none: "success",
  reset: "TEMPORARY_FAILURE",
  slow_body: "TEMPORARY_FAILURE",
  malformed: "INVALID_RESPONSE",
  duplicate_member: "INVALID_RESPONSE",
  other_call: "INVALID_RESPONSE",
};

/** An exporter that only counts: the sink runs for real, the spans go nowhere and cost no memory. */
class CountingExporter implements SpanExporter {
  count = 0;
  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    this.count += spans.length;
    done({ code: 0 });
  }
  shutdown = async (): Promise<void> => {};
}

/** A timeout on the gateway's side: under load any call may hit it, so it is a correct answer to any fault. */
const TIMEOUTS = new Set(["TEMPORARY_FAILURE", "NETWORK_UNREACHABLE"]);

/** The upstream in its own process (a real loopback service), and how to stop it. */
async function spawnUpstream(slowMs: number): Promise<{ readonly baseUrl: string; readonly stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "upstream-main.ts"), String(slowMs)], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (data) => resolve(Number(String(data).trim())));
    child.once("exit", (code) => reject(new Error(`the soak upstream exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => void child.kill("SIGKILL") };
}

const quantile = (sorted: Float64Array, q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const timeoutMs = options.timeoutMs ?? 1_000;
  const upstream = await spawnUpstream(timeoutMs * 2);
  const exporter = new CountingExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const toSpan = otelEventSink(provider.getTracer("soak"));
  const file = join(options.dir, "audit.jsonl");
  const anchor = newAuditAnchor();
  const audit = openAuditFile(file, { writer: "soak-gateway", anchor });
  const adapterMs = new Float64Array(options.calls);
  let adapted = 0;
  let events = 0;
  const onEvent = (event: AdapterEvent): void => {
    events++;
    if (event.raw_bytes !== undefined && adapted < adapterMs.length) adapterMs[adapted++] = event.duration_ms;
    toSpan(event);
  };
  const context = { onEvent, labels: { environment: "soak", host_role: "gateway", "tool.review_status": String(reviewStatus.version) } };
  const http = { baseUrl: upstream.baseUrl, pathFor: reviewStatusRoute.pathFor, timeoutMs };
  const outcomes: Record<string, number> = {};
  let misclassified = 0;
  let timedOutUnderLoad = 0;
  let wrongCall = 0;
  let next = 0;
  let warmRss = 0;
  const warmAt = Math.floor(options.calls / 10);
  const check = (changeId: string, result: AgentResult<{ change_id: string }>): void => {
    const fault = faultOf(changeId);
    const code = result.outcome === "success" ? "success" : result.error.code;
    const key = `${fault} → ${code}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    if (EXPECTED[fault] !== code && TIMEOUTS.has(code)) timedOutUnderLoad++;
    else if (EXPECTED[fault] !== code) misclassified++;
    if (result.outcome === "success" && result.data.change_id !== changeId) wrongCall++;
  };
  const worker = async (): Promise<void> => {
    while (next < options.calls) {
      const n = next++;
      if (n === warmAt) warmRss = process.memoryUsage().rss;
      const changeId = `CR-${n + 1}`;
      check(changeId, await runTool(reviewStatus, { change_id: changeId }, { upstream: http, context, audit }));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const rssGrowthMb = (process.memoryUsage().rss - warmRss) / 1024 / 1024;
  audit.close();
  await provider.shutdown();
  upstream.stop();
  const report = await verifyAuditStream(createReadStream(file), { anchor, heads: [audit.head().hash] });
  const sorted = adapterMs.subarray(0, adapted).sort();
  return {
    calls: options.calls,
    seconds,
    outcomes,
    misclassified,
    timedOutUnderLoad,
    wrongCall,
    adapterMs: { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) },
    spans: exporter.count,
    events,
    audit: report,
    rssGrowthMb,
  };
}
