import type { McpServer, ServerEventBus } from "@modelcontextprotocol/server";
import type { ToolgateContext } from "@toolgate/runtime";
import type { AuditLog } from "@toolgate/runtime/audit";
import type { PinFile } from "../pin.js";
import { DEFAULT_RESTART_LIMITS, type RestartLimits } from "./budget.js";
import type { GateTool } from "./call.js";
import type { Exposure } from "./exposure.js";
import type { Operator } from "./operator.js";
import { GateState } from "./state.js";
import { UpstreamLink, type StartFailure, type UpstreamCommand } from "./upstream.js";

export type { GateTool } from "./call.js";
export { operatorLines, type Operator } from "./operator.js";
export type { UpstreamCommand } from "./upstream.js";

export interface GateOptions {
  /** The tools with specs the gate may expose (already narrowed by `--tools`). */
  readonly tools: readonly GateTool[];
  /** undefined only under `--no-pin`: then drift goes unchecked. */
  readonly pin: PinFile | undefined;
  readonly upstream: UpstreamCommand;
  readonly operator: Operator;
  readonly restarts?: RestartLimits;
  /** Every call's boundaries, hash-chained (`--audit`); the caller opens and closes it. */
  readonly audit?: AuditLog;
  /** Passed to every adapter call (labels, a clock); its onEvent is the operator's. */
  readonly context?: Omit<ToolgateContext, "onEvent">;
}

/** A running gate: one upstream connection; a new MCP server for it per client (or per stateless request). */
export interface Gate {
  /** `listChanged`: whether a change of the tool list can reach this server's client (not over stateless 2025-era HTTP). */
  newServer(listChanged: boolean): McpServer;
  /** Each change of the exposed tool list, for the HTTP endpoint's 2026-07-28 `subscriptions/listen` streams. */
  readonly changes: ServerEventBus;
  close(): Promise<void>;
}

/** Why the gate did not start: the upstream could not be started, or its list does not cover the specs. */
export type GateProblem = StartFailure | { readonly failure: "not_listed" | "unpinned"; readonly tools: readonly string[] };

export class GateStartError extends Error {
  constructor(readonly problem: GateProblem) {
    super(`mcp-gate did not start: ${problem.failure}`);
  }
}

/** Starts the upstream and checks its list; rejects with GateStartError when the gate cannot serve. */
export async function createGate(options: GateOptions): Promise<Gate> {
  const started = await startGate(options);
  if ("problem" in started) throw new GateStartError(started.problem);
  return started.gate;
}

/** A start problem that names tools: a spec'd tool the upstream does not list, or one the pin lacks. */
function listProblem(exposure: Exposure): GateProblem | undefined {
  const of = (status: string) => [...exposure.withheld.values()].filter((w) => w.status === status).map((w) => w.name);
  if (of("missing").length > 0) return { failure: "not_listed", tools: of("missing") };
  if (of("unpinned").length > 0) return { failure: "unpinned", tools: of("unpinned") };
  return undefined;
}

export async function startGate(options: GateOptions): Promise<{ readonly gate: Gate } | { readonly problem: GateProblem }> {
  const state = new GateState(options);
  const link = new UpstreamLink(options.upstream, options.restarts ?? DEFAULT_RESTART_LIMITS, options.operator, (listing) => state.relist(listing));
  const first = await link.start();
  if ("failure" in first) return { problem: first };
  const problem = listProblem(state.exposure);
  if (problem !== undefined) {
    await link.close();
    return { problem };
  }
  return { gate: { newServer: (listChanged) => state.newServer(link, listChanged), changes: state.changes, close: () => link.close() } };
}
