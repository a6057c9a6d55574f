import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { FAILURE_ENVELOPE_SCHEMA, failureEnvelope } from "./envelope.js";
import { CATALOG_CODES } from "./errors/catalog.js";
import { catalogError } from "./errors/table.js";
import { newRequestId } from "./ids.js";
import { toCallToolResult } from "./mcp/call-tool-result.js";
import type { AgentFailure } from "./result.js";
import { RETRY_CLASSES } from "./retry/policy.js";

const validate = new Ajv2020({ strict: true }).compile(FAILURE_ENVELOPE_SCHEMA);

const envelope = (error: AgentFailure["error"]): AgentFailure => ({ tool: "review_status", request_id: newRequestId(), outcome: "failure", error });

describe("the failure envelope contract", () => {
  it("holds every catalog code under every retry class, with and without the optional fields", () => {
    for (const code of CATALOG_CODES) {
      for (const retryClass of RETRY_CLASSES) {
        const error = catalogError(code, retryClass);
        expect(validate(envelope(error)), `${code} ${retryClass}`).toBe(true);
      }
    }
    expect(validate(envelope({ ...catalogError("INVALID_INPUT", "safe"), invalid_fields: ["change_id"] }))).toBe(true);
    expect(validate(envelope({ ...catalogError("RATE_LIMITED", "safe"), retry_after_seconds: 30 }))).toBe(true);
    expect(validate(envelope({ ...catalogError("OUTCOME_UNKNOWN", "unsafe"), operation: "create_deployment" }))).toBe(true);
  });

  it("refuses unknown fields, a success outcome and out-of-contract values", () => {
    const base = envelope(catalogError("NOT_FOUND", "safe"));
    const refused: unknown[] = [
      { ...base, upstream_body: "<html>" },
      { ...base, error: { ...base.error, detail: "token=abc" } },
      { ...base, outcome: "success" },
      { ...base, error: { ...base.error, code: "not a code" } },
      { ...base, error: { ...base.error, retry_after_seconds: -1 } },
      { ...base, error: { ...base.error, action: "ask_the_model" } },
      { ...base, error: { ...base.error, invalid_fields: ["a name with spaces"] } },
      { ...base, request_id: "short" },
      { ...base, error: { ...base.error, operation: "POST /deployments/prod" } },
    ];
    for (const value of refused) expect(validate(value), JSON.stringify(value)).toBe(false);
  });

  it("is rebuilt field by field at the serialization boundary", () => {
    const leaky = { ...envelope({ ...catalogError("AUTH_FAILED", "safe"), detail: "Bearer secret" } as AgentFailure["error"]), raw: "<html>" } as AgentFailure;
    const rebuilt = failureEnvelope(leaky);
    expect(validate(rebuilt)).toBe(true);
    const text = toCallToolResult(leaky).content[0]!.text;
    expect(JSON.parse(text)).toEqual(rebuilt);
    expect(text).not.toContain("secret");
    expect(text).not.toContain("<html>");
  });
});
