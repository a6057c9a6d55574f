import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layer } from "../result.js";
import { Judgement, pass, stop, type Verdict } from "./verdict.js";

const LAYERS: Layer[] = ["input", "syntax", "schema", "binding", "semantic", "selection", "upstream", "transport"];

describe("Judgement: stages return verdicts, the first stop decides", () => {
  it("reports the layer the rejection names, not the layer of the stage that made it", () => {
    // The old Trace kept a layer set earlier (`layer ??= …`) and dropped the one passed to reject.
    const outcome = Judgement.of(pass(1))
      .step("binding", () => stop("INVALID_RESPONSE", "semantic", { checkId: "c1" }))
      .outcome();
    expect(outcome).toMatchObject({ code: "INVALID_RESPONSE", layer: "semantic", checkId: "c1" });
  });

  it("for any sequence, reports the first stop's code and layer and runs no stage after it", () => {
    const stage = fc.record({ marker: fc.option(fc.constantFrom(...LAYERS), { nil: undefined }), stops: fc.option(fc.constantFrom(...LAYERS), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(stage, { maxLength: 8 }), (stages) => {
        const ran: number[] = [];
        let judgement = Judgement.of<number>(pass(0));
        stages.forEach((s, i) => {
          judgement = judgement.step(s.marker, (n): Verdict<number> => (ran.push(i), s.stops ? stop(`C${i}`, s.stops) : pass(n + 1)));
        });
        const first = stages.findIndex((s) => s.stops !== undefined);
        const outcome = judgement.outcome();
        expect(ran).toEqual(stages.map((_s, i) => i).slice(0, first < 0 ? stages.length : first + 1));
        expect(outcome.code).toBe(first < 0 ? undefined : `C${first}`);
        expect(outcome.layer).toBe(first < 0 ? undefined : stages[first]!.stops);
        if (first < 0) expect(judgement.verdict).toEqual(pass(stages.length));
      }),
    );
  });

  it("keeps the facts of earlier stages; a later stage's fact replaces an earlier one", () => {
    const outcome = Judgement.of(pass("raw", { syntaxValid: true }))
      .step(undefined, (v) => pass(v, { schemaValid: true, checkId: "first" }))
      .step("binding", () => stop("INVALID_RESPONSE", "binding", { checkId: "request_id" }))
      .outcome();
    expect(outcome).toEqual({
      code: "INVALID_RESPONSE",
      layer: "binding",
      syntaxValid: true,
      schemaValid: true,
      schemaErrors: [],
      schemaErrorsTruncated: 0,
      undeclaredMembers: undefined,
      checkId: "request_id",
      parseReason: undefined,
      upstreamStatus: undefined,
    });
  });

  it("lets a later stage clear an earlier fact, and leaves the facts of stages that found none as they were", () => {
    const outcome = Judgement.of(pass(0, { checkId: "first", parseReason: "kept" }))
      .step(undefined, (v) => pass(v))
      .step(undefined, (v) => pass(v, { checkId: undefined }))
      .step(undefined, (v) => pass(v))
      .outcome();
    expect(outcome).toMatchObject({ code: undefined, layer: undefined, parseReason: "kept", syntaxValid: null });
    expect(Object.hasOwn(outcome, "checkId") && outcome.checkId === undefined).toBe(true);
  });

  it("turns a stage that throws into INTERNAL_FAILURE in that stage's layer, with the facts found before", () => {
    let after = false;
    const judgement = Judgement.of(pass({}, { syntaxValid: true, schemaValid: true }))
      .step("semantic", () => {
        throw new Error("hook bug");
      })
      .step("selection", (v) => ((after = true), pass(v)));
    expect(after).toBe(false);
    expect(judgement.outcome()).toMatchObject({ code: "INTERNAL_FAILURE", layer: "semantic", checkId: "exception", syntaxValid: true, schemaValid: true });
  });

  it("reports a throw outside binding, semantic and selection as selection, as before", () => {
    const outcome = Judgement.of(pass(0))
      .step(undefined, () => {
        throw new RangeError("stack");
      })
      .outcome();
    expect(outcome).toMatchObject({ code: "INTERNAL_FAILURE", layer: "selection", checkId: "exception" });
  });

  it("carries a relayed error beside its code", () => {
    const error = { code: "NOT_FOUND", action: "repair_input" as const, retryable: false, message: "m" };
    expect(Judgement.of(stop("NOT_FOUND", "upstream", {}, error)).verdict).toEqual({ ok: false, code: "NOT_FOUND", layer: "upstream", facts: {}, error });
  });
});
