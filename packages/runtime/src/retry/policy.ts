import { CATALOG, isCatalogCode } from "../errors/catalog.js";

/**
 * How an operation may be repeated, declared by the spec author (never inferred from a method name):
 * `safe` has no side effect; `idempotent` repeats harmlessly under one idempotency key;
 * `unsafe` may act twice if repeated, so it is only retried when no byte reached the upstream.
 */
export type RetryClass = "safe" | "idempotent" | "unsafe";

export interface RetryPolicy {
  readonly class: RetryClass;
  /** Total attempts including the first; capped at 5 (gRPC A6, AWS). */
  readonly maxAttempts: number;
  /** Wall-clock budget for the whole call, sleeps included. */
  readonly budgetMs: number;
  /** Failure codes that may be retried (subject to the class rules). */
  readonly retryOn: readonly string[];
}

export const MAX_ATTEMPTS_CAP = 5;
export const RETRY_CLASSES: readonly RetryClass[] = ["safe", "idempotent", "unsafe"];

/**
 * Normalises a declared policy. A policy comes from generated code that the compiler already
 * checked, so a violation here is a generator bug and fails loudly at load time.
 */
export function compileRetryPolicy(declared: RetryPolicy): RetryPolicy {
  if (!RETRY_CLASSES.includes(declared.class)) throw new TypeError("retry policy: unknown class");
  if (!Number.isInteger(declared.maxAttempts) || declared.maxAttempts < 1) {
    throw new RangeError("retry policy: maxAttempts must be an integer >= 1");
  }
  if (!Number.isFinite(declared.budgetMs) || declared.budgetMs < 0) {
    throw new RangeError("retry policy: budgetMs must be a finite number >= 0");
  }
  const final = declared.retryOn.filter((code) => isCatalogCode(code) && CATALOG[code].retry === "no");
  if (final.length > 0) throw new RangeError(`retry policy: codes that are never retryable: ${final.join(", ")}`);
  return Object.freeze({
    class: declared.class,
    maxAttempts: Math.min(declared.maxAttempts, MAX_ATTEMPTS_CAP),
    budgetMs: declared.budgetMs,
    retryOn: Object.freeze([...new Set(declared.retryOn)]),
  });
}
