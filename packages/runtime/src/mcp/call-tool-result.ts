import { failureEnvelope } from "../envelope.js";
import type { AgentResult } from "../result.js";

/** `_meta` key carrying the adapter's request id, so an operator can find the call's event. */
export const REQUEST_ID_META_KEY = "dev.toolgate/request_id";

export interface TextContent {
  type: "text";
  text: string;
}

/**
 * An MCP `CallToolResult` as toolgate produces it. Mutable and index-signed like the SDK types, so a
 * request handler can return it as is.
 */
export interface ToolCallResult {
  content: TextContent[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
  _meta: { [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * The MCP result for an adapter result.
 * - success: `structuredContent` is the agent view, and a text block carries the same JSON for
 *   clients that read only `content` (the spec's backwards-compatibility rule);
 * - failure: `isError: true` with the fixed failure envelope as text and no `structuredContent`, because
 *   SDK clients validate any `structuredContent` against the tool's `outputSchema` (the agent view).
 */
export function toCallToolResult<View extends object>(result: AgentResult<View>): ToolCallResult {
  const _meta = { [REQUEST_ID_META_KEY]: result.request_id };
  if (result.outcome === "failure") {
    return { content: [{ type: "text", text: JSON.stringify(failureEnvelope(result)) }], isError: true, _meta };
  }
  // The agent view is a JSON object by construction (its schema's root is `type: object`).
  const view = result.data as { [key: string]: unknown };
  return { content: [{ type: "text", text: JSON.stringify(view) }], structuredContent: view, _meta };
}
