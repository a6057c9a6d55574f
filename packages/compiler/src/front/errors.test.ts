import type { RetryClass } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { buildErrors } from "./errors.js";
import type { RawSpec } from "./spec.js";

// Each diagnostic is located at its pointer, so a test sees which entry it names.
const at = (pointer: string) => ({ file: `s.yaml#${pointer}`, line: 1, column: 1 });

function table(fields: Pick<RawSpec, "errors" | "retry">, retryClass: RetryClass = "unsafe") {
  const sink = new DiagnosticCollector();
  const errors = buildErrors(fields as RawSpec, retryClass, at, sink);
  return { errors, found: sink.diagnostics.map((d) => `${d.code} ${d.file}`) };
}

const CUSTOM = { code: "QUOTA_EXCEEDED", action: "stop_and_report", retryable: false, message: "The quota is used up." } as const;

describe("buildErrors", () => {
  it("always holds the three implicit codes, not declared, from the catalog", () => {
    const { errors, found } = table({});
    expect(errors.map((e) => [e.code, e.catalog, e.declared])).toEqual([
      ["INTERNAL_FAILURE", true, false],
      ["INVALID_INPUT", true, false],
      ["INVALID_RESPONSE", true, false],
    ]);
    expect(found).toEqual([]);
  });

  it("adds declared catalog and custom codes, sorted by code", () => {
    const { errors, found } = table({ errors: ["NOT_FOUND", CUSTOM] });
    expect(errors.map((e) => e.code)).toEqual(["INTERNAL_FAILURE", "INVALID_INPUT", "INVALID_RESPONSE", "NOT_FOUND", "QUOTA_EXCEEDED"]);
    expect(errors.find((e) => e.code === "NOT_FOUND")).toMatchObject({ catalog: true, declared: true });
    expect(errors.find((e) => e.code === "QUOTA_EXCEEDED")).toEqual({ ...CUSTOM, catalog: false, declared: true });
    expect(found).toEqual([]);
  });

  it("reports an unknown bare code and a custom entry that redefines a catalog code, each at its entry", () => {
    const { errors, found } = table({ errors: ["NOT_A_CODE", { ...CUSTOM, code: "NOT_FOUND" }] });
    expect(found).toEqual(["TG320 s.yaml#/errors/0", "TG322 s.yaml#/errors/1"]);
    expect(errors.map((e) => e.code)).not.toContain("NOT_A_CODE");
  });

  it("takes retryability from the tool's class for if_safe codes", () => {
    const code = "NETWORK_UNREACHABLE";
    expect(table({ errors: [code] }, "unsafe").errors.find((e) => e.code === code)?.retryable).toBe(false);
    expect(table({ errors: [code] }, "safe").errors.find((e) => e.code === code)?.retryable).toBe(true);
  });

  it("reports retry.on codes the tool never returns and codes that are never retryable", () => {
    const { found } = table({ errors: ["OUTCOME_UNKNOWN", "TEMPORARY_FAILURE", { ...CUSTOM, retryable: false }], retry: { class: "safe", on: ["TEMPORARY_FAILURE", "NOT_FOUND", "OUTCOME_UNKNOWN", "QUOTA_EXCEEDED"] } }, "safe");
    expect(found).toEqual(["TG321 s.yaml#/retry/on/1", "TG323 s.yaml#/retry/on/2", "TG323 s.yaml#/retry/on/3"]);
  });

  it("lets a retryable custom code be retried", () => {
    expect(table({ errors: [{ ...CUSTOM, retryable: true }], retry: { class: "safe", on: ["QUOTA_EXCEEDED"] } }, "safe").found).toEqual([]);
  });
});
