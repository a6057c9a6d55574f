import { describe, expect, it } from "vitest";
import { compileRetryPolicy } from "./policy.js";
import type { RetryPolicy } from "./policy.js";

const declared: RetryPolicy = { class: "safe", maxAttempts: 3, budgetMs: 10_000, retryOn: ["UPSTREAM_UNAVAILABLE"] };

describe("compileRetryPolicy", () => {
  it("keeps a valid policy and freezes it", () => {
    const policy = compileRetryPolicy(declared);
    expect(policy).toEqual(declared);
    expect(Object.isFrozen(policy) && Object.isFrozen(policy.retryOn)).toBe(true);
  });

  it("caps maxAttempts at 5 and removes duplicate codes", () => {
    const policy = compileRetryPolicy({ ...declared, maxAttempts: 9, retryOn: ["RATE_LIMITED", "RATE_LIMITED"] });
    expect(policy.maxAttempts).toBe(5);
    expect(policy.retryOn).toEqual(["RATE_LIMITED"]);
  });

  it.each([
    ["maxAttempts 0", { maxAttempts: 0 }, RangeError],
    ["fractional maxAttempts", { maxAttempts: 2.5 }, RangeError],
    ["negative budget", { budgetMs: -1 }, RangeError],
    ["infinite budget", { budgetMs: Infinity }, RangeError],
    ["OUTCOME_UNKNOWN listed", { retryOn: ["OUTCOME_UNKNOWN"] }, RangeError],
    ["AUTH_FAILED listed", { retryOn: ["AUTH_FAILED"] }, RangeError],
    ["unknown class", { class: "maybe" }, TypeError],
  ])("rejects %s", (_name, change, errorType) => {
    expect(() => compileRetryPolicy({ ...declared, ...change } as RetryPolicy)).toThrow(errorType);
  });

  it("accepts a tool-specific code it cannot judge", () => {
    expect(compileRetryPolicy({ ...declared, retryOn: ["QUEUE_BUSY"] }).retryOn).toEqual(["QUEUE_BUSY"]);
  });
});
