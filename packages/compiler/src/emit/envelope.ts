import { OPAQUE_ID_PATTERN } from "@toolgate/runtime";
import type { ToolIR } from "../ir/types.js";
import type { SchemaObject } from "../schema/walk.js";
import { ROOT_KEYS } from "../codegen/names.js";

/** The runtime's grammar of the ids it issues: opaque CSPRNG tokens, no room for prose. */
const REQUEST_ID_SCHEMA = { type: "string", pattern: OPAQUE_ID_PATTERN.source } as const;

/** Codes an upstream may put in a failure envelope: the ones the spec declares, plus INVALID_RESPONSE. */
export const upstreamCodes = (tool: ToolIR): string[] =>
  tool.errors.filter((e) => e.declared || e.code === "INVALID_RESPONSE").map((e) => e.code);

/**
 * The result envelope an upstream may send (`upstream.envelope: true`): success and failure are
 * mutually exclusive shapes, `tool` is a constant, and the payload is the tool's output schema.
 */
export function envelopeSchema(tool: ToolIR): SchemaObject {
  const common = { tool: { const: tool.tool }, request_id: REQUEST_ID_SCHEMA };
  return {
    type: "object",
    discriminator: { propertyName: "outcome" },
    required: ["outcome"],
    oneOf: [
      {
        title: "Success result",
        required: ["tool", "request_id", "outcome", "data"],
        properties: { ...common, outcome: { const: "success" }, data: { $ref: `#/$defs/${ROOT_KEYS.output}` } },
        additionalProperties: false,
      },
      {
        title: "Failure result",
        required: ["tool", "request_id", "outcome", "error"],
        properties: {
          ...common,
          outcome: { const: "failure" },
          error: {
            type: "object",
            required: ["code", "retryable"],
            properties: { code: { enum: upstreamCodes(tool) }, retryable: { type: "boolean" } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    ],
  };
}
