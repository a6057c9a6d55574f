/**
 * The tools the example server exposes, read from the generated registry, so a new spec appears
 * without editing this file: each one's generated MCP definition, its generated validators (for
 * SDK v2's Standard Schema), and a call that runs the generated adapter through the example gateway
 * (validate → upstream with the spec's retry policy → adapt). An HTTP tool goes to the fake upstream
 * by its generated route; a command tool (ssh_disk_usage) runs the local command for its operation.
 */
import type { AgentResult, AnyAdapter, McpTool, ToolgateContext, Validator } from "@toolgate/runtime";
import { mcpTools } from "../../generated/definitions.js";
import * as registry from "../../generated/index.js";
import { runTool, type AttemptRecord, type Upstream } from "../gateway/gateway.js";
import { localDiskUsage } from "../gateway/local-df.js";

export interface ExposedTool {
  readonly definition: McpTool;
  readonly validateInput: Validator;
  readonly validateAgentView: Validator;
  /** Never throws: every outcome is the agent view or the fixed failure envelope. */
  call(args: unknown): Promise<AgentResult<object>>;
}

export interface ToolOptions {
  readonly baseUrl: string;
  /** One deadline per HTTP attempt. */
  readonly timeoutMs: number;
  readonly context: ToolgateContext;
  /** Per-attempt transport facts (timeouts, statuses) for the operator. */
  readonly onAttempt: (record: AttemptRecord) => void;
}

type Input = Record<string, unknown>;
type Route = { readonly pathFor: (input: Input) => string };

/** The commands this example runs locally, by the spec's `upstream.operation`. */
const COMMANDS: Readonly<Record<string, Upstream<Input>>> = { df: localDiskUsage };

const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The generated HTTP route (`<tool>Route`), else the local command; undefined for neither. */
function upstreamOf(name: string, operation: string | undefined, options: ToolOptions): Upstream<Input> | undefined {
  const route = (registry as unknown as Record<string, Route | undefined>)[`${camelCase(name)}Route`];
  if (route) return { baseUrl: options.baseUrl, pathFor: route.pathFor, timeoutMs: options.timeoutMs };
  return operation === undefined ? undefined : COMMANDS[operation];
}

async function validatorsOf(name: string): Promise<Pick<ExposedTool, "validateInput" | "validateAgentView">> {
  // `name` comes from the generated registry (^[a-z][a-z0-9_]*$), never from a client.
  const [input, view] = (await Promise.all([import(`../../generated/${name}/validate.js`), import(`../../generated/${name}/validate-view.js`)])) as [
    { validateInput: Validator },
    { validateAgentView: Validator },
  ];
  return { validateInput: input.validateInput, validateAgentView: view.validateAgentView };
}

/** The exposed tools in tool-name order (the registry's), so tools/list is deterministic. */
export async function exampleTools(options: ToolOptions): Promise<readonly ExposedTool[]> {
  const tools: ExposedTool[] = [];
  for (const definition of mcpTools) {
    const adapter = registry.adapters[definition.name as registry.ToolName] as unknown as AnyAdapter<Input, unknown, object>;
    const upstream = upstreamOf(definition.name, adapter.operation, options);
    // A command this example cannot run locally: the tool is not listed rather than failing every call.
    if (upstream === undefined) continue;
    const run = { upstream, context: options.context, onAttempt: options.onAttempt };
    tools.push({ definition, ...(await validatorsOf(definition.name)), call: (args) => runTool(adapter, args, run) });
  }
  return tools;
}
