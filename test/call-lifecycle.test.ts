import type { AdapterEvent } from "@toolgate/runtime";
import { newAuditAnchor, openAuditFile } from "@toolgate/runtime/audit";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { otelEventSink } from "@toolgate/runtime/otel";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildStatus } from "../generated/build_status/adapter.js";
import { reviewStatus } from "../generated/review_status/adapter.js";
import { tempDir } from "./support/project.js";

/** Issue 16: a call is frozen when issued, its result is adapted once, and the operator's labels go into every record. */

const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const review = JSON.stringify({ change_id: "CR-42", decision: "approved", reviewed_by: "alice", observed_at: "2026-11-29T11:59:59.000Z" });
const tmp = await tempDir("call-lifecycle");
afterAll(() => tmp.dispose());

function start(context: Parameters<typeof reviewStatus.call>[1] = { now: () => NOW }) {
  const args = { change_id: "CR-42" };
  const started = reviewStatus.call(args, context);
  if (!started.ok) throw new Error("input rejected");
  return { args, call: started.call };
}

describe("a ToolCall after call()", () => {
  it("is frozen, input included, and the caller's own arguments stay mutable", () => {
    const { args, call } = start();
    expect(Object.isFrozen(call) && Object.isFrozen(call.input)).toBe(true);
    expect(() => ((call as { request_id: string }).request_id = "req_forged")).toThrow(TypeError);
    expect(() => ((call.input as { change_id: string }).change_id = "CR-7")).toThrow(TypeError);
    args.change_id = "CR-7";
    // The binding check still compares with the input the call was issued for.
    expect(reviewStatus.adapt(review, call).outcome).toBe("success");
  });
});

describe("one result per call", () => {
  it("refuses a second adapt of the same call at layer binding, whatever the bytes", () => {
    const events: AdapterEvent[] = [];
    const { call } = start({ now: () => NOW, onEvent: (e) => void events.push(e) });
    expect(reviewStatus.adapt(review, call).outcome).toBe("success");
    const replayed = reviewStatus.adapt(review, call);
    expect(replayed).toMatchObject({ request_id: call.request_id, outcome: "failure", error: { code: "INVALID_RESPONSE", action: "stop_and_report" } });
    expect(events.map((e) => [e.outcome, e.layer, e.check_id])).toEqual([
      ["success", undefined, undefined],
      ["failure", "binding", "call.once"],
    ]);
  });

  it("refuses adapt after the call was failed, and a new call() adapts again", () => {
    const { call } = start();
    reviewStatus.fail(call, "UPSTREAM_UNAVAILABLE");
    expect(reviewStatus.adapt(review, call)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    const retry = start().call;
    expect(retry.request_id).not.toBe(call.request_id);
    expect(reviewStatus.adapt(review, retry).outcome).toBe("success");
  });
});

describe("only a call the adapter issued", () => {
  const refusals = (events: AdapterEvent[]) => events.map((e) => [e.outcome, e.code, e.layer, e.check_id]);
  const refused = ["failure", "INVALID_RESPONSE", "binding", "call.issued"];

  it("refuses a copy, a hand-built object, a proxy, an heir and another adapter's call at layer binding, check call.issued", () => {
    const events: AdapterEvent[] = [];
    const context = { now: () => NOW, onEvent: (e: AdapterEvent) => void events.push(e) };
    const { call } = start(context);
    const other = buildStatus.call({ project_id: "web-app", revision: "abc1234" }, context);
    if (!other.ok) throw new Error("input rejected");
    const forged = [
      { ...call },
      { tool: "review_status", request_id: call.request_id, input: { change_id: "CR-42" }, context },
      new Proxy(call, {}),
      Object.create(call) as typeof call,
      other.call,
    ];
    for (const candidate of forged) {
      expect(reviewStatus.adapt(review, candidate as typeof call)).toMatchObject({ request_id: candidate.request_id, outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    }
    expect(refusals(events)).toEqual(forged.map(() => refused));
    // None of them used up the issued call.
    expect(reviewStatus.adapt(review, call).outcome).toBe("success");
  });

  it("refuses fail() of a copy, and a replayed issued call stays call.once", () => {
    const events: AdapterEvent[] = [];
    const { call } = start({ now: () => NOW, onEvent: (e) => void events.push(e) });
    expect(reviewStatus.fail({ ...call }, "UPSTREAM_UNAVAILABLE").error.code).toBe("INVALID_RESPONSE");
    expect(reviewStatus.adapt(review, call).outcome).toBe("success");
    expect(reviewStatus.adapt(review, call).outcome).toBe("failure");
    expect(reviewStatus.adapt(review, { ...call }).outcome).toBe("failure");
    expect(refusals(events)).toEqual([refused, ["success", undefined, undefined, undefined], ["failure", "INVALID_RESPONSE", "binding", "call.once"], refused]);
  });

  it("never throws for something that is not a call at all", () => {
    for (const junk of [null, undefined, 42, "req_x", {}, { context: null }]) {
      expect(reviewStatus.adapt(review, junk as never)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
      expect(reviewStatus.fail(junk as never, "UPSTREAM_UNAVAILABLE")).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    }
  });

  it("issues a replayed call with a recorded request id, once", () => {
    const started = reviewStatus.call({ change_id: "CR-42" }, { now: () => NOW }, { requestId: "req_recorded" });
    if (!started.ok) throw new Error("input rejected");
    expect(started.call.request_id).toBe("req_recorded");
    expect(reviewStatus.adapt(review, started.call).outcome).toBe("success");
    expect(reviewStatus.adapt(review, started.call).outcome).toBe("failure");
  });
});

describe("operator labels", () => {
  it("go into the event, the audit record and the span; invalid or surplus ones are left out", () => {
    const file = join(tmp.dir, "audit.jsonl");
    const audit = openAuditFile(file, { writer: "labels", anchor: newAuditAnchor(), now: () => NOW });
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const toSpan = otelEventSink(provider.getTracer("labels"));
    const events: AdapterEvent[] = [];
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x${String(i).padStart(2, "0")}`, "1"]));
    const labels = { ...many, environment: "prod", host_role: "gateway", "tool.review_status": "3", "Bad Name": "x", empty: "", newline: "a\nb", long: "v".repeat(129) };
    const onEvent = (e: AdapterEvent): void => void (events.push(e), audit.record(e), toSpan(e));
    reviewStatus.adapt(review, start({ now: () => NOW, labels, onEvent }).call);
    audit.close();
    const kept = events[0]!.labels!;
    expect(Object.keys(kept)).toHaveLength(16);
    expect(kept).toMatchObject({ environment: "prod", host_role: "gateway", "tool.review_status": "3" });
    for (const name of ["Bad Name", "empty", "newline", "long"]) expect(kept).not.toHaveProperty([name]);
    expect((JSON.parse(readFileSync(file, "utf8")) as { body: { event: AdapterEvent } }).body.event.labels).toEqual(kept);
    const attributes = exporter.getFinishedSpans()[0]!.attributes;
    expect(attributes).toMatchObject({ "toolgate.label.environment": "prod", "toolgate.label.host_role": "gateway", "toolgate.label.tool.review_status": "3" });
  });
});
