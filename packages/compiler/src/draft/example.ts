import { posix } from "node:path";
import { parseDocument } from "yaml";
import { _ } from "../codegen/code.js";
import { toolNames } from "../codegen/names.js";
import { schemaModeline } from "./modeline.js";

/** The example tool `toolgate init` writes: small, read-only, and using each kind of check once. */
export const EXAMPLE_TOOL = "order_status";

// Fixed text, so it is trusted; only the modeline depends on where the spec goes.
const EXAMPLE_SPEC = `tool: order_status
version: 1
title: Order status
description: Reads the fulfilment status of one order. Starts nothing, changes nothing.
input:
  type: object
  required: [order_id]
  properties:
    order_id: { type: string, pattern: "^ord_[A-Za-z0-9]{8,32}$" }
output:
  type: object
  required: [order_id, status, placed_at, observed_at]
  properties:
    order_id: { type: string, pattern: "^ord_[A-Za-z0-9]{8,32}$" }
    status: { enum: [pending, packed, shipped, delivered, cancelled] }
    placed_at: { type: string, format: date-time }
    shipped_at: { type: string, format: date-time }
    observed_at: { type: string, format: date-time }
    warehouse_note: { type: string, maxLength: 500 }
# The allowlist: nothing else reaches the agent (warehouse_note stays with the operator).
agent_view: [order_id, status, shipped_at, observed_at]
errors: [NOT_FOUND, UPSTREAM_UNAVAILABLE]
limits: { max_bytes: 16KiB, max_depth: 4 }
checks:
  - bind: order_id
  - fresh: { field: observed_at, max_age: 5m, max_future: 30s }
  - hook: shippedAfterPlaced
retry: { class: safe, max_attempts: 3, budget: 10s, on: [UPSTREAM_UNAVAILABLE] }
upstream: { envelope: false, kind: http, operation: get_order, method: GET, path: "/orders/{order_id}" }
`;

/** The example spec for a specs directory (relative to the package root). */
export function exampleSpec(specsDir: string): string {
  const doc = parseDocument(EXAMPLE_SPEC);
  doc.commentBefore = ` ${schemaModeline(specsDir)}\n An example written by \`toolgate init\`: edit it, or replace it with your own tools.`;
  return doc.toString({ lineWidth: 0 });
}

/** The hooks module beside the example spec; it imports the types `gen` writes into `outDir`. */
export function exampleHooks(specsDir: string, outDir: string): string {
  const n = toolNames(EXAMPLE_TOOL);
  const relativePath = posix.relative(posix.normalize(specsDir), posix.join(posix.normalize(outDir), EXAMPLE_TOOL, "types.js"));
  const types = relativePath.startsWith(".") ? relativePath : `./${relativePath}`;
  return _`/**
 * Semantic checks a schema cannot express. Each hook is typed against the generated types;
 * \`toolgate gen\` verifies that every hook a spec names is exported here with this shape.
 */
import type { ${n.input}, ${n.output} } from ${types};

/** A shipment cannot predate its order. */
export function shippedAfterPlaced(output: ${n.output}, _input: ${n.input}): boolean {
  return output.shipped_at === undefined || Date.parse(output.shipped_at) >= Date.parse(output.placed_at);
}
`.toString();
}
