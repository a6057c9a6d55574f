import type { ToolIR } from "../ir/types.js";
import type { SchemaObject } from "../schema/walk.js";
import { ROOT_KEYS } from "./names.js";

/** Opaque ids from the adapter's CSPRNG (and the seed's bounded correlation id): no room for prose. */
export const REQUEST_ID_SCHEMA = { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9_.\\-]{7,63}$" } as const;

/** Codes an upstream may put in a failure envelope: the ones the spec declares, plus INVALID_RESPONSE. */
export const upstreamCodes = (tool: ToolIR): string[] =>
  tool.errors.filter((e) => e.declared || e.code === "INVALID_RESPONSE").map((e) => e.code);

/**
 * The result envelope of seed 000: success and failure are mutually exclusive shapes, `tool` is a
 * constant, and the payload is the tool's output schema.
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
