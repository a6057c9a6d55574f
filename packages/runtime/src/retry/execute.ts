import type { AttemptClassification } from "../audit/boundary.js";
import { newIdempotencyKey } from "../ids.js";
import { RETRY_AFTER_MAX_SECONDS } from "../upstream/retry-after.js";
import { fullJitterDelayMs } from "./backoff.js";
import { MAX_ATTEMPTS_CAP } from "./policy.js";
import type { RetryPolicy } from "./policy.js";

/** What one attempt reports; `sent` is true once any byte may have reached the upstream. */
export interface AttemptFailure {
  readonly ok: false;
  readonly code: string;
  readonly sent: boolean;
  readonly retryAfterSeconds?: number;
}
export type AttemptOutcome = { readonly ok: true } | AttemptFailure;

export interface AttemptContext {
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** Present for idempotent operations: the same key on every attempt of one call. */
  readonly idempotencyKey?: string;
}

export interface RetryDeps {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

export type RetryStop = "succeeded" | "not_retryable" | "attempts_exhausted" | "budget_exhausted";

export interface RetryRun<Outcome> {
  /** The last attempt's outcome, returned unchanged. */
  readonly outcome: Outcome;
  readonly attempts: number;
  readonly sleptMs: number;
  readonly stop: RetryStop;
}

export const systemRetryDeps: RetryDeps = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** Told how each attempt was classified, before the executor sleeps or returns (an audit trail's attemptFinished). */
export type AttemptObserver = (classification: AttemptClassification) => void;

/**
 * Runs `attempt` until it succeeds or the policy forbids another try. `attempt` must not throw
 * (callHttp and runCommand never do); its outcome is returned as-is for the caller's envelope.
 */
export async function executeWithRetry<Outcome extends AttemptOutcome>(
  policy: RetryPolicy,
  attempt: (context: AttemptContext) => Promise<Outcome>,
  deps: RetryDeps,
  observe?: AttemptObserver,
): Promise<RetryRun<Outcome>> {
  const deadline = deps.now() + policy.budgetMs;
  const key = policy.class === "idempotent" ? { idempotencyKey: newIdempotencyKey() } : {};
  let sleptMs = 0;
  for (let attempts = 1; ; attempts += 1) {
    const outcome = await attempt({ attempt: attempts, ...key });
    const tell = (next: AttemptClassification["next"], delay?: number): void => classified(observe, attempts, outcome, next, delay);
    if (outcome.ok) return (tell("succeeded"), { outcome, attempts, sleptMs, stop: "succeeded" });
    const stop = stopAfterFailure(policy, outcome, attempts);
    if (stop !== undefined) return (tell(stop), { outcome, attempts, sleptMs, stop });
    const delay = retryDelayMs(outcome, attempts, deps.random);
    if (delay > deadline - deps.now()) return (tell("budget_exhausted"), { outcome, attempts, sleptMs, stop: "budget_exhausted" });
    tell("retry", delay);
    await deps.sleep(delay);
    sleptMs += delay;
  }
}

function classified(observe: AttemptObserver | undefined, attempt: number, outcome: AttemptOutcome, next: AttemptClassification["next"], delay?: number): void {
  if (!observe) return;
  const failure = outcome.ok ? undefined : outcome;
  try {
    observe({ attempt, code: failure?.code, sent: failure?.sent ?? true, next, ...(delay === undefined ? {} : { delay_ms: delay }) });
  } catch {
    /* an operator sink never changes the run */
  }
}

function stopAfterFailure(policy: RetryPolicy, failure: AttemptFailure, attempts: number): RetryStop | undefined {
  if (!mayRetry(policy, failure)) return "not_retryable";
  // The cap holds even for a policy that bypassed compileRetryPolicy.
  return attempts >= Math.min(policy.maxAttempts, MAX_ATTEMPTS_CAP) ? "attempts_exhausted" : undefined;
}

/** The class rules: OUTCOME_UNKNOWN is final, and an unsafe operation is never repeated once sent. */
export function mayRetry(policy: RetryPolicy, failure: AttemptFailure): boolean {
  if (failure.code === "OUTCOME_UNKNOWN") return false;
  if (policy.class === "unsafe" && failure.sent) return false;
  return policy.retryOn.includes(failure.code);
}

/** A trusted Retry-After replaces the backoff; the caller stops if it exceeds the remaining budget. */
function retryDelayMs(failure: AttemptFailure, attempts: number, random: () => number): number {
  const seconds = failure.retryAfterSeconds;
  if (seconds !== undefined && seconds >= 0 && seconds <= RETRY_AFTER_MAX_SECONDS) return seconds * 1000;
  return fullJitterDelayMs(attempts, random);
}
