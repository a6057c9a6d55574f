import type { AgentError, AgentFailure } from "./result.js";

/**
 * The failure envelope as a versioned contract (seed 002): a JSON Schema 2020-12 document for
 * consumers and tests, and `failureEnvelope`, which rebuilds an envelope field by field at the
 * serialization boundary, so a field added to an error object by mistake is never serialized.
 */

export const FAILURE_ENVELOPE_VERSION = 1;

const ACTIONS = ["repair_input", "stop_and_report", "request_approval", "retry_after_delay", "inspect_outcome"];

export const FAILURE_ENVELOPE_SCHEMA = Object.freeze({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: `urn:toolgate:failure-envelope:${FAILURE_ENVELOPE_VERSION}`,
  title: "toolgate failure envelope",
  type: "object",
  required: ["tool", "request_id", "outcome", "error"],
  additionalProperties: false,
  properties: {
    tool: { type: "string", pattern: "^[a-z][a-z0-9_]{0,63}$" },
    request_id: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9_.\\-]{7,63}$" },
    outcome: { const: "failure" },
    error: {
      type: "object",
      required: ["code", "action", "retryable", "message"],
      additionalProperties: false,
      properties: {
        code: { type: "string", pattern: "^[A-Z][A-Z0-9_]{2,47}$" },
        action: { enum: ACTIONS },
        retryable: { type: "boolean" },
        message: { type: "string", minLength: 1, maxLength: 300 },
        retry_after_seconds: { type: "integer", minimum: 0, maximum: 300 },
        invalid_fields: { type: "array", maxItems: 256, items: { type: "string" } },
      },
    },
  },
});

function errorFields(error: AgentError): AgentError {
  const { code, action, retryable, message } = error;
  return {
    code,
    action,
    retryable,
    message,
    ...(error.retry_after_seconds === undefined ? {} : { retry_after_seconds: error.retry_after_seconds }),
    ...(error.invalid_fields === undefined ? {} : { invalid_fields: [...error.invalid_fields] }),
  };
}

/** A fresh envelope holding exactly the contract's fields, whatever else the object carried. */
export function failureEnvelope(failure: AgentFailure): AgentFailure {
  return { tool: failure.tool, request_id: failure.request_id, outcome: "failure", error: errorFields(failure.error) };
}
