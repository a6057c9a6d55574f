import { OPAQUE_ID_PATTERN, type AdapterEvent } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readResult } from "../generated/review_status/client.js";
import { INVALID_RESPONSE } from "./support/events.js";
import { INJECTED, SCENARIOS, type Scenario } from "./support/hostile-mcp-answers.js";
import { stdioClient, type SdkLine, type StdioClient } from "./support/mcp-session.js";

/*
 * The MCP client side when the server is the untrusted one: a hostile server (real SDK, over stdio)
 * answers review_status with well-formed MCP that lies, and the generated readResult must give the
 * agent only a checked, closed view or the fixed INVALID_RESPONSE, with the adapter's operator
 * event for every read. tools/list is never called, so the SDK client validates nothing itself.
 */


/** What the operator event of each rejected scenario says: the layer, and the check or parse reason. */
const REJECTED: [Scenario, Partial<AdapterEvent>][] = [
  ["text_differs", { layer: "binding", check_id: "mcp.text_equals_structured", syntax_valid: true, schema_valid: true }],
  ["duplicate_member_in_text", { layer: "syntax", parse_reason: "duplicate_key", syntax_valid: false }],
  ["wrong_change", { layer: "binding", check_id: "bind.change_id", schema_valid: true }],
  ["stale", { layer: "semantic", check_id: "fresh.observed_at", schema_valid: true }],
  ["undeclared_in_text", { layer: "schema", syntax_valid: true, schema_valid: false }],
  ["second_block", { layer: "schema", check_id: "mcp.content", schema_valid: false }],
  ["oversized_text", { layer: "transport", parse_reason: "too_large" }],
  ["text_only", { layer: "schema", check_id: "mcp.structured_content", schema_valid: false }],
];

describe.each(["v1", "v2"] as SdkLine[])("SDK %s client, hostile server", (sdk) => {
  let client: StdioClient;
  beforeAll(async () => {
    const started = stdioClient(sdk, "test/support/hostile-mcp-server.ts");
    client = started.client;
    await started.connected;
  });
  afterAll(() => client.close());

  async function read(scenario: Scenario) {
    const args = { change_id: SCENARIOS[scenario] };
    const events: AdapterEvent[] = [];
    const raw = await client.callTool("review_status", args);
    return { raw, result: readResult(raw, args, { onEvent: (e) => events.push(e) }), events };
  }

  it("good answer: the checked view, as a new object, and a success event", async () => {
    const { raw, result, events } = await read("good");
    expect(result).toStrictEqual({ tool: "review_status", request_id: expect.stringMatching(OPAQUE_ID_PATTERN), outcome: "success", data: raw.structuredContent });
    expect(result.outcome === "success" && result.data).not.toBe(raw.structuredContent);
    expect(events).toMatchObject([{ outcome: "success", code: undefined, layer: undefined, syntax_valid: true, schema_valid: true, request_id: result.request_id }]);
  });

  it.each(REJECTED)("%s: INVALID_RESPONSE, and the event names what failed", async (scenario, event) => {
    const { result, events } = await read(scenario);
    expect(result).toStrictEqual({ tool: "review_status", request_id: expect.stringMatching(OPAQUE_ID_PATTERN), outcome: "failure", error: INVALID_RESPONSE });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tool: "review_status", request_id: result.request_id, outcome: "failure", code: "INVALID_RESPONSE", ...event });
    expect(JSON.stringify([result, events])).not.toContain(INJECTED);
  });

  it("failure envelope: rebuilt from the tool's table, with an upstream event", async () => {
    const { result, events } = await read("failure");
    expect(result).toStrictEqual({
      tool: "review_status",
      request_id: "req_0123456789abcdefABCDEF",
      outcome: "failure",
      error: { code: "NOT_FOUND", action: "stop_and_report", retryable: false, message: "The requested resource was not found." },
    });
    expect(events).toMatchObject([{ outcome: "failure", code: "NOT_FOUND", layer: "upstream", syntax_valid: true, schema_valid: true, request_id: "req_0123456789abcdefABCDEF" }]);
  });
});
