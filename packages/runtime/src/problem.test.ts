import { describe, expect, it } from "vitest";
import { CATALOG, CATALOG_CODES } from "./errors/catalog.js";
import { catalogError as tableError } from "./errors/table.js";
import { toProblemDetails } from "./problem.js";
import { withOperation, type AgentError } from "./result.js";

function catalogError(code: (typeof CATALOG_CODES)[number]): AgentError {
  const entry = CATALOG[code];
  return { code, action: entry.action, retryable: entry.retry !== "no", message: entry.message };
}

describe("toProblemDetails", () => {
  it("renders AUTH_FAILED with the catalog title, status and message", () => {
    expect(toProblemDetails(catalogError("AUTH_FAILED"), "req_0123456789abcdefghijkl")).toEqual({
      type: "urn:toolgate:error:AUTH_FAILED",
      title: "Authentication failed",
      status: 502,
      detail: "The remote service rejected the stored credential.",
      instance: "req_0123456789abcdefghijkl",
      code: "AUTH_FAILED",
      action: "stop_and_report",
      retryable: false,
    });
  });

  it("derives type, title and status from the catalog for every code", () => {
    for (const code of CATALOG_CODES) {
      const problem = toProblemDetails(catalogError(code));
      expect([problem.type, problem.title, problem.status, problem.detail]).toEqual([
        `urn:toolgate:error:${code}`,
        CATALOG[code].title,
        CATALOG[code].httpStatus,
        CATALOG[code].message,
      ]);
      expect(problem).not.toHaveProperty("instance");
    }
  });

  it("carries invalid_fields and retry_after_seconds as extension members", () => {
    const input = { ...catalogError("INVALID_INPUT"), invalid_fields: ["change_id"] };
    const limited = { ...catalogError("RATE_LIMITED"), retry_after_seconds: 30 };
    expect(toProblemDetails(input).invalid_fields).toEqual(["change_id"]);
    expect(toProblemDetails(limited).retry_after_seconds).toBe(30);
  });

  it("names the operation of an OUTCOME_UNKNOWN, so an HTTP caller knows what to inspect", () => {
    const unknown = withOperation(tableError("OUTCOME_UNKNOWN", "unsafe"), "trigger_deploy");
    expect(toProblemDetails(unknown)).toMatchObject({ code: "OUTCOME_UNKNOWN", action: "inspect_outcome", operation: "trigger_deploy" });
    expect(toProblemDetails(tableError("NOT_FOUND", "safe"))).not.toHaveProperty("operation");
  });

  it("gives an unreachable network on an unsafe operation the action of its retry class", () => {
    expect(tableError("NETWORK_UNREACHABLE", "unsafe")).toMatchObject({ retryable: false, action: "stop_and_report" });
    for (const retryClass of ["safe", "idempotent"] as const) {
      expect(tableError("NETWORK_UNREACHABLE", retryClass)).toMatchObject({ retryable: true, action: "retry_after_delay" });
    }
  });

  it("renders a tool-specific code as a generic tool error with its declared action", () => {
    const error: AgentError = { code: "QUOTA_EXCEEDED", action: "stop_and_report", retryable: false, message: "Quota used up." };
    expect(toProblemDetails(error)).toMatchObject({ type: "urn:toolgate:error:QUOTA_EXCEEDED", title: "Tool error", status: 500 });
  });

  it("replaces a code that is not URN-safe with INTERNAL_FAILURE", () => {
    const error: AgentError = { code: "bad code:/x", action: "retry_after_delay", retryable: true, message: "leak" };
    expect(toProblemDetails(error)).toEqual(toProblemDetails(catalogError("INTERNAL_FAILURE")));
  });
});
