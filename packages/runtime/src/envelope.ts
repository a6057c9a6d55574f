import { MAX_INVALID_FIELDS, PLAIN_NAME } from "./adapter/input.js";
import type { CallerAction } from "./errors/catalog.js";
import { OPAQUE_ID_PATTERN } from "./ids.js";
import type { AgentError, AgentFailure } from "./result.js";
import { RETRY_AFTER_MAX_SECONDS } from "./upstream/retry-after.js";

/**
 * The failure envelope as a versioned contract, since gateways and agents parse it: a JSON Schema
 * 2020-12 document for consumers and tests, and `failureEnvelope`, which rebuilds an envelope field by field at the
 * serialization boundary, so a field added to an error object by mistake is never serialized.
 */

export const FAILURE_ENVELOPE_VERSION = 1;

/** The spec format's pattern for `upstream.operation`. */
const OPERATION_NAME = /^[a-z][a-z0-9_]{0,63}$/;

// A record over CallerAction, so a new action cannot be left out of the schema.
const ACTIONS = Object.keys({ repair_input: 1, stop_and_report: 1, request_approval: 1, retry_after_delay: 1, inspect_outcome: 1 } satisfies Record<CallerAction, 1>);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export const FAILURE_ENVELOPE_SCHEMA = deepFreeze({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: `urn:toolgate:failure-envelope:${FAILURE_ENVELOPE_VERSION}`,
  title: "toolgate failure envelope",
  type: "object",
  required: ["tool", "request_id", "outcome", "error"],
  additionalProperties: false,
  properties: {
    tool: { type: "string", pattern: "^[a-z][a-z0-9_]{0,63}$" },
    request_id: { type: "string", pattern: OPAQUE_ID_PATTERN.source },
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
        retry_after_seconds: { type: "integer", minimum: 0, maximum: RETRY_AFTER_MAX_SECONDS },
        invalid_fields: { type: "array", maxItems: MAX_INVALID_FIELDS, items: { type: "string", pattern: PLAIN_NAME.source } },
        operation: { type: "string", pattern: OPERATION_NAME.source },
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
    ...(error.operation === undefined ? {} : { operation: error.operation }),
  };
}

/** A fresh envelope holding exactly the contract's fields, whatever else the object carried. */
export function failureEnvelope(failure: AgentFailure): AgentFailure {
  return { tool: failure.tool, request_id: failure.request_id, outcome: "failure", error: errorFields(failure.error) };
}
