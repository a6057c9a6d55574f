import { describe, expect, it } from "vitest";
import { executeWithRetry } from "./execute.js";
import type { AttemptContext, AttemptOutcome, RetryDeps } from "./execute.js";
import { compileRetryPolicy } from "./policy.js";
import type { RetryPolicy } from "./policy.js";

/** A clock that only moves when the executor sleeps or an attempt reports its own duration. */
function fakeTime(draw = 0.5) {
  const time = { now: 0, sleeps: [] as number[] };
  const deps: RetryDeps = {
    now: () => time.now,
    sleep: async (ms) => {
      time.sleeps.push(ms);
      time.now += ms;
    },
    random: () => draw,
  };
  return { time, deps };
}

/** Answers attempts from a script (then succeeds), recording each context; each attempt costs `costMs`. */
function scriptedUpstream(script: readonly AttemptOutcome[], time: { now: number }, costMs = 0) {
  const contexts: AttemptContext[] = [];
  const attempt = async (context: AttemptContext): Promise<AttemptOutcome> => {
    contexts.push(context);
    time.now += costMs;
    return script[contexts.length - 1] ?? { ok: true };
  };
  return { contexts, attempt };
}

const unavailable = { ok: false, code: "UPSTREAM_UNAVAILABLE", sent: true } as const;
const unreachable = { ok: false, code: "NETWORK_UNREACHABLE", sent: false } as const;
const safe: RetryPolicy = { class: "safe", maxAttempts: 3, budgetMs: 10_000, retryOn: ["UPSTREAM_UNAVAILABLE"] };

async function run(declared: RetryPolicy, script: readonly AttemptOutcome[], costMs = 0) {
  const { time, deps } = fakeTime();
  const upstream = scriptedUpstream(script, time, costMs);
  const result = await executeWithRetry(compileRetryPolicy(declared), upstream.attempt, deps);
  return { ...result, sleeps: time.sleeps, contexts: upstream.contexts };
}

describe("executeWithRetry", () => {
  it("retries a listed failure with full-jitter backoff until success", async () => {
    const result = await run(safe, [unavailable, unavailable]);
    expect(result).toMatchObject({ outcome: { ok: true }, attempts: 3, sleptMs: 150, stop: "succeeded" });
    expect(result.sleeps).toEqual([50, 100]);
    expect(result.contexts.map((context) => context.attempt)).toEqual([1, 2, 3]);
  });

  it("stops after maxAttempts and returns the last failure unchanged", async () => {
    const result = await run({ ...safe, maxAttempts: 9 }, Array(9).fill(unavailable));
    expect(result).toMatchObject({ outcome: unavailable, attempts: 5, stop: "attempts_exhausted" });
  });

  it("caps attempts at 5 even for a policy that bypassed compileRetryPolicy", async () => {
    const { time, deps } = fakeTime();
    const upstream = scriptedUpstream(Array(9).fill(unavailable), time);
    const result = await executeWithRetry({ ...safe, maxAttempts: 9 }, upstream.attempt, deps);
    expect(result).toMatchObject({ attempts: 5, stop: "attempts_exhausted" });
  });

  it("does not retry a code the policy does not list", async () => {
    const result = await run(safe, [{ ok: false, code: "TEMPORARY_FAILURE", sent: true }]);
    expect(result).toMatchObject({ attempts: 1, stop: "not_retryable" });
  });

  it("never retries an unsafe operation after bytes were sent, even for a listed code", async () => {
    const unsafe: RetryPolicy = { ...safe, class: "unsafe", retryOn: ["UPSTREAM_UNAVAILABLE"] };
    expect(await run(unsafe, [unavailable])).toMatchObject({ attempts: 1, stop: "not_retryable" });
  });

  it("retries an unsafe operation that never reached the upstream only if NETWORK_UNREACHABLE is listed", async () => {
    const listed: RetryPolicy = { ...safe, class: "unsafe", retryOn: ["NETWORK_UNREACHABLE"] };
    expect(await run(listed, [unreachable])).toMatchObject({ attempts: 2, stop: "succeeded" });
    expect(await run({ ...listed, retryOn: [] }, [unreachable])).toMatchObject({ attempts: 1, stop: "not_retryable" });
  });

  it("treats OUTCOME_UNKNOWN as final even when a hand-built policy lists it", async () => {
    const { time, deps } = fakeTime();
    const listing: RetryPolicy = { ...safe, retryOn: ["OUTCOME_UNKNOWN"] };
    const upstream = scriptedUpstream([{ ok: false, code: "OUTCOME_UNKNOWN", sent: true }], time);
    expect(await executeWithRetry(listing, upstream.attempt, deps)).toMatchObject({ attempts: 1, stop: "not_retryable" });
  });

  it("gives every attempt of an idempotent call the same key, and safe calls none", async () => {
    const idempotent = await run({ ...safe, class: "idempotent" }, [unavailable, unavailable]);
    const keys = new Set(idempotent.contexts.map((context) => context.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^idem_[0-9A-Za-z]{22}$/);
    const plain = await run(safe, [unavailable]);
    expect(plain.contexts.every((context) => !("idempotencyKey" in context))).toBe(true);
  });

  it("waits exactly a trusted Retry-After that fits the budget", async () => {
    const limited = { ok: false, code: "RATE_LIMITED", sent: true, retryAfterSeconds: 2 } as const;
    const result = await run({ ...safe, retryOn: ["RATE_LIMITED"] }, [limited]);
    expect(result).toMatchObject({ attempts: 2, stop: "succeeded" });
    expect(result.sleeps).toEqual([2000]);
  });

  it("stops instead of retrying early when Retry-After exceeds the remaining budget", async () => {
    const limited = { ok: false, code: "RATE_LIMITED", sent: true, retryAfterSeconds: 30 } as const;
    const result = await run({ ...safe, retryOn: ["RATE_LIMITED"] }, [limited]);
    expect(result).toMatchObject({ outcome: limited, attempts: 1, stop: "budget_exhausted" });
    expect(result.sleeps).toEqual([]);
  });

  it("ignores a Retry-After outside [0, 300] and falls back to backoff", async () => {
    const bogus = { ok: false, code: "RATE_LIMITED", sent: true, retryAfterSeconds: 1e9 } as const;
    const result = await run({ ...safe, retryOn: ["RATE_LIMITED"] }, [bogus]);
    expect(result.sleeps).toEqual([50]);
  });

  it("counts time spent in attempts against the budget", async () => {
    const result = await run({ ...safe, maxAttempts: 5, budgetMs: 2_100 }, Array(5).fill(unavailable), 1_000);
    // attempt 1 ends at 1000, sleeps 50; attempt 2 ends at 2050, 50 ms left < the 100 ms backoff.
    expect(result).toMatchObject({ attempts: 2, stop: "budget_exhausted" });
    expect(result.sleeps).toEqual([50]);
  });
});
