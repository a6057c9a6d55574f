import { describe, expect, it } from "vitest";
import { RestartBudget } from "./budget.js";

describe("RestartBudget", () => {
  it("allows the limit within a window, then refuses until the oldest restart leaves it", () => {
    let now = 0;
    const budget = new RestartBudget({ restarts: 2, windowMs: 1000 }, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    now = 999;
    expect(budget.take()).toBe(false);
    now = 1000;
    expect([budget.take(), budget.take()]).toEqual([true, true]);
    expect(budget.take()).toBe(false);
  });

  it("never restarts with a budget of zero", () => {
    expect(new RestartBudget({ restarts: 0, windowMs: 1000 }, () => 0).take()).toBe(false);
  });
});
