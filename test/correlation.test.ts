import type { ToolCall, ToolgateContext } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { jobRunStatus } from "../generated/job_run_status/adapter.js";
import { reviewStatus } from "../generated/review_status/adapter.js";
import { NOW, recorder } from "./support/events.js";

/** A stable id per call from the model's event to the result, and results never matched by position. */

const observedAt = new Date(NOW - 500).toISOString();

function startJob(context: ToolgateContext): ToolCall<{ project_id: string; job: string }> {
  const started = jobRunStatus.call({ project_id: "bluebird", job: "deploy" }, context);
  if (!started.ok) throw new Error("input rejected");
  return started.call;
}

const jobEnvelope = (requestId: string): string =>
  JSON.stringify({ tool: "job_run_status", request_id: requestId, outcome: "success", data: { project_id: "bluebird", run_id: "run_abcdefghijkl", state: "failed", observed_at: observedAt, runs: [] } });

describe("results of parallel calls", () => {
  it("an envelope upstream's results swapped between two calls both fail at binding on request_id", () => {
    const a = recorder({ correlation: { tool_call_id: "call-a" } });
    const b = recorder({ correlation: { tool_call_id: "call-b" } });
    const [first, second] = [startJob(a.context), startJob(b.context)];
    const [answerFirst, answerSecond] = [jobEnvelope(first.request_id), jobEnvelope(second.request_id)];
    for (const [call, raw, events] of [[first, answerSecond, a.events], [second, answerFirst, b.events]] as const) {
      expect(jobRunStatus.adapt(raw, call)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
      expect(events.at(-1)).toMatchObject({ layer: "binding", check_id: "request_id", request_id: call.request_id });
    }
    // One result per call: even the right answer, after a wrong one, is refused; a new call takes it.
    expect(jobRunStatus.adapt(answerFirst, first)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    expect(a.events.at(-1)).toMatchObject({ layer: "binding", check_id: "call.once" });
    const retry = startJob(a.context);
    expect(jobRunStatus.adapt(jobEnvelope(retry.request_id), retry).outcome).toBe("success");
    expect(a.events.map((e) => e.correlation?.tool_call_id)).toEqual(["call-a", "call-a", "call-a"]);
  });

  it("a payload upstream's results swapped between two reviews fail at the binding on change_id", () => {
    const { context, events } = recorder();
    const calls = ["CR-42", "CR-43"].map((id) => {
      const started = reviewStatus.call({ change_id: id }, context);
      if (!started.ok) throw new Error("input rejected");
      return started.call;
    });
    const answers = ["CR-42", "CR-43"].map((id) => JSON.stringify({ change_id: id, decision: "approved", reviewed_by: "alice", observed_at: observedAt }));
    expect(reviewStatus.adapt(answers[1]!, calls[0]!)).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
    expect(events.at(-1)).toMatchObject({ layer: "binding", check_id: "bind.change_id" });
    expect(reviewStatus.adapt(answers[1]!, calls[1]!).outcome).toBe("success");
  });
});

describe("correlation ids in the operator event", () => {
  it("copies the platform's ids into every event of the call", () => {
    const correlation = { conversation_id: "conversation-abc", interaction_id: "interaction-17", tool_call_id: "call-93" };
    const { context, events } = recorder({ correlation });
    const rejected = reviewStatus.call({ change_id: "not an id" }, context);
    expect(rejected.ok).toBe(false);
    const call = startJob(context);
    jobRunStatus.adapt(jobEnvelope(call.request_id), call);
    jobRunStatus.fail(call, "UPSTREAM_UNAVAILABLE");
    expect(events.map((e) => e.correlation)).toEqual([correlation, correlation, correlation]);
    expect(events[1]!.correlation).not.toBe(correlation);
  });

  it("keeps only ids of 1–256 printable ASCII characters, and adds nothing when none are given", () => {
    const junk = { conversation_id: "x".repeat(257), interaction_id: "turn 17\nforged log line", tool_call_id: "call-1", extra: "dropped" } as unknown as NonNullable<ToolgateContext["correlation"]>;
    const { context, events } = recorder({ correlation: junk });
    jobRunStatus.fail(startJob(context), "UPSTREAM_UNAVAILABLE");
    expect(events[0]!.correlation).toEqual({ tool_call_id: "call-1" });
    const plain = recorder();
    jobRunStatus.fail(startJob(plain.context), "UPSTREAM_UNAVAILABLE");
    expect("correlation" in plain.events[0]!).toBe(false);
  });
});
