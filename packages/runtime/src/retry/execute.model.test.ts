import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeForHttpStatus } from "../upstream/http-status.js";
import { codeForInterruptedCall } from "../upstream/outcome.js";
import { executeWithRetry } from "./execute.js";
import type { AttemptContext, AttemptFailure, AttemptOutcome, RetryDeps } from "./execute.js";
import { compileRetryPolicy, MAX_ATTEMPTS_CAP } from "./policy.js";
import type { RetryClass, RetryPolicy } from "./policy.js";

/*
 * Model-based test of the retry executor (reliability goal 12). Commands script how a fake upstream
 * answers its next attempts, or perform one call; after every call the safety invariants are checked
 * against what the upstream itself counted, never against the executor's own report.
 */

type Behavior =
  | { readonly kind: "success" }
  | { readonly kind: "timeout_before_send" }
  | { readonly kind: "timeout_after_send" }
  | { readonly kind: "server_error"; readonly status: 500 | 502 | 503 | 504 }
  | { readonly kind: "rate_limited"; readonly retryAfterSeconds?: number }
  | { readonly kind: "reset" };

/** Simulated duration of an attempt: a timeout spends the whole per-call timeout. */
const ATTEMPT_MS = { success: 20, timeout_before_send: 1_000, timeout_after_send: 1_000, server_error: 20, rate_limited: 5, reset: 40 };

interface Attempt {
  readonly context: AttemptContext;
  readonly outcome: AttemptOutcome;
  readonly reachedUpstream: boolean;
}

/** Answers like callHttp would: the same classification functions decide each code. */
class FakeUpstream {
  readonly script: Behavior[] = [];
  readonly log: Attempt[] = [];
  now = 0;
  /** Each sleep's length and the clock reading when it ended. */
  readonly sleeps: { readonly ms: number; readonly endedAt: number }[] = [];

  constructor(private readonly retryClass: RetryClass) {}

  deps(draw: number): RetryDeps {
    return {
      now: () => this.now,
      sleep: async (ms) => {
        this.now += ms;
        this.sleeps.push({ ms, endedAt: this.now });
      },
      random: () => draw,
    };
  }

  async attempt(context: AttemptContext): Promise<AttemptOutcome> {
    const behavior = this.script.shift() ?? { kind: "success" };
    this.now += ATTEMPT_MS[behavior.kind];
    const outcome = this.answer(behavior);
    // Counted conservatively: anything past the connection may have executed the operation.
    this.log.push({ context, outcome, reachedUpstream: behavior.kind !== "timeout_before_send" });
    return outcome;
  }

  private answer(behavior: Behavior): AttemptOutcome {
    switch (behavior.kind) {
      case "success":
        return { ok: true };
      case "timeout_before_send":
        return { ok: false, code: "NETWORK_UNREACHABLE", sent: false };
      case "timeout_after_send":
      case "reset":
        return { ok: false, code: codeForInterruptedCall(this.retryClass), sent: true };
      case "server_error":
        return { ok: false, code: codeForHttpStatus(behavior.status)!, sent: true };
      case "rate_limited":
        return { ok: false, code: "RATE_LIMITED", sent: true, ...behavior };
    }
  }
}

interface Model {
  scripted: number;
}
interface World {
  readonly policy: RetryPolicy;
  readonly upstream: FakeUpstream;
}

class Upstream implements fc.AsyncCommand<Model, World> {
  constructor(private readonly behavior: Behavior) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    world.upstream.script.push(this.behavior);
    model.scripted += 1;
  }
  toString = () => `upstream ${JSON.stringify(this.behavior)}`;
}

class Call implements fc.AsyncCommand<Model, World> {
  constructor(private readonly draw: number) {}
  check = () => true;
  async run(model: Model, { policy, upstream }: World): Promise<void> {
    const firstAttempt = upstream.log.length;
    const firstSleep = upstream.sleeps.length;
    const deadline = upstream.now + policy.budgetMs;
    const result = await executeWithRetry(policy, (context) => upstream.attempt(context), upstream.deps(this.draw));
    const attempts = upstream.log.slice(firstAttempt);
    const sleeps = upstream.sleeps.slice(firstSleep);
    const slept = sleeps.reduce((sum, sleep) => sum + sleep.ms, 0);

    expect(result.attempts).toBe(attempts.length);
    expect(attempts.length).toBeLessThanOrEqual(Math.min(policy.maxAttempts, MAX_ATTEMPTS_CAP));
    expect(slept).toBeLessThanOrEqual(policy.budgetMs);
    // The overall deadline: no retry is scheduled to begin after it.
    expect(sleeps.filter((sleep) => sleep.endedAt > deadline)).toEqual([]);
    if (policy.class === "unsafe") expect(attempts.filter((a) => a.reachedUpstream).length).toBeLessThanOrEqual(1);
    expectKeys(policy, attempts);
    for (const earlier of attempts.slice(0, -1)) expect(modelAllowsRetry(policy, earlier.outcome as AttemptFailure)).toBe(true);
    expect(result.outcome).toBe(attempts.at(-1)!.outcome);

    model.scripted = Math.max(0, model.scripted - attempts.length);
    expect(upstream.script.length).toBe(model.scripted);
  }
  toString = () => `call(draw=${this.draw})`;
}

/** The model's own statement of when a retry is allowed (goal 12), written independently of mayRetry. */
function modelAllowsRetry(policy: RetryPolicy, failure: AttemptFailure): boolean {
  const listed = policy.retryOn.includes(failure.code) && failure.code !== "OUTCOME_UNKNOWN";
  const repeatable = policy.class !== "unsafe" || !failure.sent;
  return listed && repeatable;
}

function expectKeys(policy: RetryPolicy, attempts: readonly Attempt[]): void {
  const keys = new Set(attempts.map((attempt) => attempt.context.idempotencyKey));
  if (policy.class === "idempotent") {
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^idem_[0-9A-Za-z]{22}$/);
  } else {
    expect([...keys]).toEqual([undefined]);
  }
}

const behaviors: fc.Arbitrary<Behavior> = fc.oneof(
  fc.constant({ kind: "success" } as const),
  fc.constant({ kind: "timeout_before_send" } as const),
  fc.constant({ kind: "timeout_after_send" } as const),
  fc.constantFrom(500, 502, 503, 504).map((status) => ({ kind: "server_error", status }) as const),
  fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }).map(
    (retryAfterSeconds): Behavior => (retryAfterSeconds === undefined ? { kind: "rate_limited" } : { kind: "rate_limited", retryAfterSeconds }),
  ),
  fc.constant({ kind: "reset" } as const),
);

const commands = [
  behaviors.map((behavior) => new Upstream(behavior)),
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((draw) => new Call(draw)),
];

const policies: fc.Arbitrary<RetryPolicy> = fc.record({
  class: fc.constantFrom<RetryClass>("safe", "idempotent", "unsafe"),
  maxAttempts: fc.integer({ min: 1, max: 8 }),
  budgetMs: fc.integer({ min: 0, max: 20_000 }),
  retryOn: fc.subarray(["NETWORK_UNREACHABLE", "TEMPORARY_FAILURE", "UPSTREAM_UNAVAILABLE", "RATE_LIMITED"]),
});

describe("executeWithRetry against a fake upstream (model-based)", () => {
  it("keeps every retry invariant over generated fault sequences", async () => {
    await fc.assert(
      fc.asyncProperty(policies, fc.commands(commands, { maxCommands: 40 }), async (declared, scenario) => {
        const policy = compileRetryPolicy(declared);
        const setup = () => ({ model: { scripted: 0 }, real: { policy, upstream: new FakeUpstream(policy.class) } });
        await fc.asyncModelRun(setup, scenario);
      }),
      { seed: 20_260_412, numRuns: 500 },
    );
  });
});
