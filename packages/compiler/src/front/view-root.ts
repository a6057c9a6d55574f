import { deref, type Defs } from "./paths.js";

/**
 * A response whose root is not an object (a list of pets, a bare string) has no field an agent view
 * could name. The view addresses it under one fixed name instead, and the agent receives an object
 * holding that one member (MCP `structuredContent` must be an object): `items` for an array root
 * (`agent_view: [items[].id]` gives `{ items: [{ id }] }`), `value` for a scalar root. Undefined for
 * an object root, and for a root that declares no `type` (properties, allOf, a union), as before.
 */
export function viewRootName(output: unknown, defs: Defs): "items" | "value" | undefined {
  const type = deref(output, defs)?.schema.type;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (types.length === 0 || types.includes("object")) return undefined;
  return types.includes("array") ? "items" : "value";
}

/** The object the agent view selects from: the response itself, or the response under its root name. */
export const viewedOutput = (output: unknown, name: string | undefined): unknown =>
  name === undefined ? output : { type: "object", properties: { [name]: output }, required: [name] };
