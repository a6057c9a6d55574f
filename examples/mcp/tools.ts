/**
 * The tools the example server exposes: each one's generated MCP definition, its generated
 * validators (for SDK v2's Standard Schema), and a call that runs the generated adapter against the
 * upstream through the example gateway (validate → HTTP with the spec's retry policy → adapt).
 * ssh_disk_usage is left out: its upstream is an SSH command, not HTTP.
 */
import type { AgentResult, AnyAdapter, McpTool, ToolgateContext, Validator } from "@toolgate/runtime";
import { buildStatus } from "../../generated/build_status/adapter.js";
import { mcpTool as buildStatusTool } from "../../generated/build_status/definitions.js";
import * as buildStatusValidators from "../../generated/build_status/validate.js";
import * as buildStatusView from "../../generated/build_status/validate-view.js";
import { deploymentStatus } from "../../generated/deployment_status/adapter.js";
import { mcpTool as deploymentStatusTool } from "../../generated/deployment_status/definitions.js";
import * as deploymentStatusValidators from "../../generated/deployment_status/validate.js";
import * as deploymentStatusView from "../../generated/deployment_status/validate-view.js";
import { jobRunStatus } from "../../generated/job_run_status/adapter.js";
import { mcpTool as jobRunStatusTool } from "../../generated/job_run_status/definitions.js";
import * as jobRunStatusValidators from "../../generated/job_run_status/validate.js";
import * as jobRunStatusView from "../../generated/job_run_status/validate-view.js";
import { reviewStatus } from "../../generated/review_status/adapter.js";
import { mcpTool as reviewStatusTool } from "../../generated/review_status/definitions.js";
import * as reviewStatusValidators from "../../generated/review_status/validate.js";
import * as reviewStatusView from "../../generated/review_status/validate-view.js";
import { runTool, type AttemptRecord } from "../gateway/gateway.js";

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

interface Validators {
  readonly validateInput: Validator;
  readonly validateAgentView: Validator;
}

function expose<Input, Output, View extends object>(
  adapter: AnyAdapter<Input, Output, View>,
  definition: McpTool,
  validators: Validators,
  pathFor: (input: Input) => string,
  options: ToolOptions,
): ExposedTool {
  const upstream = { baseUrl: options.baseUrl, pathFor, timeoutMs: options.timeoutMs };
  return {
    definition,
    validateInput: validators.validateInput,
    validateAgentView: validators.validateAgentView,
    call: (args) => runTool(adapter, args, { upstream, context: options.context, onAttempt: options.onAttempt }),
  };
}

const segment = encodeURIComponent;

/** The exposed tools in tool-name order, so tools/list is deterministic. */
export function exampleTools(options: ToolOptions): readonly ExposedTool[] {
  return [
    expose(buildStatus, buildStatusTool, { ...buildStatusValidators, ...buildStatusView }, (i) => `/projects/${segment(i.project_id)}/builds/${segment(i.revision)}`, options),
    expose(deploymentStatus, deploymentStatusTool, { ...deploymentStatusValidators, ...deploymentStatusView }, (i) => `/deployments/${segment(i.environment)}`, options),
    expose(jobRunStatus, jobRunStatusTool, { ...jobRunStatusValidators, ...jobRunStatusView }, (i) => `/projects/${segment(i.project_id)}/jobs/${segment(i.job)}/runs/latest`, options),
    expose(reviewStatus, reviewStatusTool, { ...reviewStatusValidators, ...reviewStatusView }, (i) => `/reviews/${segment(i.change_id)}`, options),
  ];
}
