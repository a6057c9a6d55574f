import { afterAll, describe, expect, it } from "vitest";
import { runSoak } from "../bench/soak/run.js";
import { tempDir } from "./support/project.js";

/** The soak run's CI variant (issue 16): 2,000 faulty calls through the gateway; correctness only, never timing. */

const tmp = await tempDir("soak");
afterAll(() => tmp.dispose());

describe("the gateway under load with faults", () => {
  it("classifies every fault, binds no result to another call, and keeps the audit chain intact", async () => {
    const report = await runSoak({ calls: 2_000, concurrency: 64, dir: tmp.dir });
    const faults = new Set(Object.keys(report.outcomes).map((key) => key.split(" → ")[0]));
    // The upstream served every kind of fault; each ended in its code, none as success.
    expect([...faults].sort()).toEqual(["duplicate_member", "malformed", "none", "other_call", "reset", "slow_body"]);
    expect(report.misclassified).toBe(0);
    expect(report.wrongCall).toBe(0);
    expect(report.events).toBe(2_000);
    expect(report.spans).toBe(2_000);
    // Each call's boundaries (input validated, verdict, result returned at least) beside its event.
    expect(report.audit.problem).toBeUndefined();
    expect(report.audit.records).toBeGreaterThanOrEqual(3 * 2_000);
  }, 300_000);
});
