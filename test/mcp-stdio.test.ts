import { OPAQUE_ID_PATTERN, REQUEST_ID_META_KEY, type AgentResult } from "@toolgate/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INJECTED_INSTRUCTION, type Scenario } from "../examples/mcp/upstream.js";
import { readResult as readBuild } from "../generated/build_status/client.js";
import { mcpTools } from "../generated/definitions.js";
import { readResult as readDeployment } from "../generated/deployment_status/client.js";
import { readResult as readJobRun } from "../generated/job_run_status/client.js";
import { readResult as readReview } from "../generated/review_status/client.js";
import { INVALID_RESPONSE } from "./support/events.js";
import { startSession, type SdkLine, type Session } from "./support/mcp-session.js";

/*
 * The example MCP servers over stdio with the real SDK clients (1.x and 2.x, both servers): what
 * tools/list advertises, and exactly what the agent sees for each tool when the upstream answers
 * well, adds a field, slips an instruction into a free-text field outside the agent view, or hangs.
 */

// A timeout after the request was sent, on a retry-safe operation (none of the specs retries on it).
const TEMPORARY_FAILURE = { code: "TEMPORARY_FAILURE", action: "retry_after_delay", retryable: true, message: "The remote service failed temporarily. Retry after a delay." };

type McpResult = Record<string, unknown>;
type View = Record<string, unknown>;

interface ToolCase {
  readonly name: string;
  readonly args: Record<string, unknown>;
  /** The agent view for the upstream's good answer observed at `at`. */
  view(at: string): View;
  /** The generated readResult with this case's arguments. */
  read(result: unknown): AgentResult<unknown>;
  /** Whether the injection scenario's payload is still valid (the instruction sits in a declared field). */
  readonly injectionIsDeclared: boolean;
}

const BUILD_ARGS = { project_id: "bluebird", revision: "9fceb02" };
const DEPLOYMENT_ARGS = { environment: "staging" } as const;
const JOB_RUN_ARGS = { project_id: "bluebird", job: "deploy" };
const REVIEW_ARGS = { change_id: "CR-42" };

const TOOLS: readonly ToolCase[] = [
  {
    name: "build_status",
    args: BUILD_ARGS,
    view: (at) => ({ build: { project_id: "bluebird", revision: "9fceb02", result: "passed", duration_seconds: 84 }, observed_at: at }),
    read: (result) => readBuild(result, BUILD_ARGS),
    injectionIsDeclared: true,
  },
  {
    name: "deployment_status",
    args: DEPLOYMENT_ARGS,
    view: (at) => ({ environment: "staging", revision: "9fceb02d0ae598e95dc970b74767f19372d61af8", state: "healthy", observed_at: at, replicas: { ready: 3, desired: 3 } }),
    read: (result) => readDeployment(result, DEPLOYMENT_ARGS),
    // Every declared field is agent-visible, so the instruction can only come as an undeclared field.
    injectionIsDeclared: false,
  },
  {
    name: "job_run_status",
    args: JOB_RUN_ARGS,
    view: (at) => ({ project_id: "bluebird", run_id: "run_7Hq2Lm9Xc4Vb", state: "succeeded", observed_at: at, runs: [{ run_id: "run_7Hq2Lm9Xc4Vb", state: "succeeded" }] }),
    read: (result) => readJobRun(result, JOB_RUN_ARGS),
    injectionIsDeclared: true,
  },
  {
    name: "review_status",
    args: REVIEW_ARGS,
    view: (at) => ({ change_id: "CR-42", decision: "approved", observed_at: at }),
    read: (result) => readReview(result, REVIEW_ARGS),
    injectionIsDeclared: true,
  },
];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function requestIdOf(result: McpResult): string {
  const id = (result._meta as Record<string, unknown> | undefined)?.[REQUEST_ID_META_KEY];
  expect(id).toMatch(OPAQUE_ID_PATTERN);
  return id as string;
}

/** The agent view as structuredContent and as JSON text; returns the view. */
function expectSuccess(result: McpResult, tool: ToolCase): View {
  const id = requestIdOf(result);
  const data = result.structuredContent as View;
  expect(data.observed_at).toMatch(ISO_INSTANT);
  expect(result).toStrictEqual({ content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: tool.view(data.observed_at as string), _meta: { [REQUEST_ID_META_KEY]: id } });
  expect(tool.read(result)).toStrictEqual({ tool: tool.name, request_id: id, outcome: "success", data });
  return data;
}

function expectFailure(result: McpResult, tool: ToolCase, error: object): string {
  const id = requestIdOf(result);
  const envelope = { tool: tool.name, request_id: id, outcome: "failure", error };
  expect(result).toStrictEqual({ content: [{ type: "text", text: JSON.stringify(envelope) }], isError: true, _meta: { [REQUEST_ID_META_KEY]: id } });
  expect(tool.read(result)).toStrictEqual(envelope);
  return id;
}

const SERVERS = { v1: "examples/mcp/server.ts", v2: "examples/mcp/server-v2.ts" } as const;
const MATRIX: [SdkLine, keyof typeof SERVERS][] = [["v1", "v1"], ["v2", "v1"], ["v2", "v2"], ["v1", "v2"]];

describe.each(MATRIX)("SDK %s client, %s example server", (client, server) => {
  let session: Session;
  beforeAll(async () => void (session = await startSession(client, SERVERS[server])));
  afterAll(() => session.close());

  const call = async (tool: ToolCase, scenario: Scenario): Promise<McpResult> => {
    await session.scenario(scenario);
    return session.callTool(tool.name, tool.args);
  };
  const operatorLines = (id: string) => session.operator.filter((line) => line.request_id === id);

  it("lists every generated tool (the registry's, ssh_disk_usage included) with exactly the generated definitions", async () => {
    const tools = await session.listTools();
    expect(tools).toStrictEqual(mcpTools);
    expect(tools[3]).toStrictEqual({
      name: "review_status",
      title: "Review status",
      description: "Reads the review decision of one change request. Starts nothing, changes nothing.",
      inputSchema: {
        type: "object",
        required: ["change_id"],
        properties: { change_id: { $ref: "#/$defs/changeId" } },
        additionalProperties: false,
        $defs: { changeId: { type: "string", pattern: "^CR-[0-9]{1,10}$", description: "A change request id." } },
      },
      outputSchema: {
        type: "object",
        properties: { change_id: { $ref: "#/$defs/changeId" }, decision: { enum: ["approved", "rejected", "pending"] }, observed_at: { $ref: "#/$defs/timestamp" } },
        required: ["change_id", "decision", "observed_at"],
        additionalProperties: false,
        $defs: {
          changeId: { type: "string", pattern: "^CR-[0-9]{1,10}$", description: "A change request id." },
          timestamp: { type: "string", format: "date-time", maxLength: 35 },
        },
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    });
  });

  describe.each(TOOLS)("$name", (tool) => {
    it("good answer: the agent view, validated by the client's default validator after tools/list", async () => {
      await session.listTools();
      expectSuccess(await call(tool, "good"), tool);
    });

    it("extra field: INVALID_RESPONSE, and the operator learns which layer failed", async () => {
      const id = expectFailure(await call(tool, "extra_field"), tool, INVALID_RESPONSE);
      expect(operatorLines(id).find((line) => line.kind === "event")).toMatchObject({ layer: "schema", syntax_valid: true, schema_valid: false });
    });

    it("injected instruction outside the agent view: never reaches the agent", async () => {
      const result = await call(tool, "injection");
      if (tool.injectionIsDeclared) expectSuccess(result, tool);
      else expectFailure(result, tool, INVALID_RESPONSE);
      expect(JSON.stringify(result)).not.toContain(INJECTED_INSTRUCTION);
      expect(JSON.stringify(operatorLines(requestIdOf(result)))).not.toContain(INJECTED_INSTRUCTION);
    });

    it("timeout: the fixed failure envelope; the operator sees the timed-out attempt", async () => {
      const id = expectFailure(await call(tool, "timeout"), tool, TEMPORARY_FAILURE);
      expect(operatorLines(id).filter((line) => line.kind === "attempt")).toMatchObject([{ attempt: 1, code: "TEMPORARY_FAILURE", operator: { timedOut: true, requestSent: true } }]);
    });
  });

  it("invalid arguments: rejected before any upstream attempt, the value never echoed", async () => {
    await session.scenario("good");
    const attempts = () => session.operator.filter((line) => line.kind === "attempt").length;
    const before = attempts();
    const result = await session.callTool("review_status", { change_id: `CR-1 ${INJECTED_INSTRUCTION}` });
    expect(attempts()).toBe(before);
    if (server === "v1") {
      const error = { code: "INVALID_INPUT", action: "repair_input", retryable: false, message: "The tool call's arguments do not match the tool's input contract. Remove any argument the tool does not take, repair the fields listed in invalid_fields, and call again.", invalid_fields: ["change_id"] };
      expectFailure(result, TOOLS[3]!, error);
    } else {
      // SDK 2.x validates arguments itself with the wrapped generated validator, before the adapter runs.
      expect(result).toStrictEqual({ content: [{ type: "text", text: "Input validation error: Invalid arguments for tool review_status: change_id: fails pattern" }], isError: true });
    }
  });

  it("unknown tool: a JSON-RPC invalid-params error whose message has the SDK's prefix at most once", async () => {
    const error = (await session.callTool("drop_database", {}).catch((e: unknown) => e)) as { code: number; message: string };
    expect(error.code).toBe(-32602);
    const text = server === "v1" ? "Unknown tool" : "Tool drop_database not found";
    expect([text, `MCP error -32602: ${text}`]).toContain(error.message);
  });
});
