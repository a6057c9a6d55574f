import type { ErrorFormat, ToolIR } from "@toolgate/compiler";
import { parseDateTime, type AdapterEvent, type AgentResult, type AnyFixtureAdapter, type ToolCall } from "@toolgate/runtime";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { formatCheck } from "./check-format.js";
import { checkReport } from "./check-report.js";
import { readFailure, toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { loadAdapters } from "./load-adapters.js";
import type { ProjectPaths } from "./project.js";
import { formatUsageError } from "./usage.js";

export interface CheckOptions extends ProjectPaths {
  readonly input: string | undefined;
  readonly now: string | undefined;
  readonly errorFormat: ErrorFormat;
}

class UsageError extends Error {}

/** Deepest nesting of arrays and objects in JSON-like text, counted outside strings; linear, no recursion. */
export function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") max = Math.max(max, ++depth);
    else if (c === "}" || c === "]") depth--;
  }
  return max;
}

function looseParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const member = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, key) => (typeof v === "object" && v !== null && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined), value);

/** The call input the response's bind fields imply: each bound input field set to the response's value. */
function inputFromBinds(tool: ToolIR, value: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const check of tool.checks) {
    if (check.kind !== "bind" || check.input.length !== 1) continue;
    const bound = member(tool.upstream.envelope ? member(value, ["data"]) : value, check.output);
    if (bound !== undefined) input[check.input[0]!] = bound;
  }
  return input;
}

function parseInput(given: string): Record<string, unknown> {
  const value = looseParse(given);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError("toolgate: --input must be a JSON object");
  return value as Record<string, unknown>;
}

function parseNow(given: string | undefined): number {
  if (given === undefined) return Date.now();
  const now = parseDateTime(given);
  if (Number.isNaN(now)) throw new UsageError(`toolgate: --now ${JSON.stringify(given)} is not an RFC 3339 date-time`);
  return now;
}

function findTool(tools: readonly ToolIR[], target: string, specs: string): ToolIR {
  const root = dirname(resolve(specs));
  const tool = /\.(ya?ml|json)$/.test(target) ? tools.find((t) => resolve(root, t.specPath) === resolve(target)) : tools.find((t) => t.tool === target);
  if (tool === undefined) throw new UsageError(`toolgate: no tool ${JSON.stringify(target)} in ${toPosix(specs)} (tools: ${tools.map((t) => t.tool).join(", ")})`);
  return tool;
}

/**
 * The call to judge the response with: the given input through `call()`, or (no --input) a synthetic
 * call holding the response's bind fields and, for an envelope upstream, its request id.
 */
function callFor(adapter: AnyFixtureAdapter, tool: ToolIR, value: unknown, options: CheckOptions, context: ToolCall<unknown>["context"]) {
  if (options.input !== undefined) return adapter.call(parseInput(options.input), context);
  const id = member(value, ["request_id"]);
  const requestId = tool.upstream.envelope && typeof id === "string" ? id : "check.synthetic";
  return adapter.call(inputFromBinds(tool, value), context, { requestId, unvalidatedInput: true });
}

async function judge(tool: ToolIR, adapter: AnyFixtureAdapter, raw: Uint8Array, options: CheckOptions & { readonly response: string }, io: Io): Promise<number> {
  const now = parseNow(options.now);
  const text = Buffer.from(raw).toString("utf8");
  const value = looseParse(text);
  let event: AdapterEvent | undefined;
  const started = callFor(adapter, tool, value, options, { now: () => now, onEvent: (e) => (event = e) });
  const result: AgentResult<unknown> = started.ok ? await adapter.adapt(raw, started.call) : started.result;
  if (!started.ok) {
    const errors = event?.schema_errors ?? [];
    const message = `toolgate check ${tool.tool}: --input fails the input schema: ${errors.map((e) => `${e.instancePath || "/"} ${e.keyword}`).join(", ")}`;
    io.stdout(options.errorFormat === "json" ? JSON.stringify({ tool: tool.tool, outcome: "failure", inputErrors: errors, agentResult: result }, null, 2) : `${message}\n${JSON.stringify(result, null, 2)}`);
    return EXIT.findings;
  }
  const report = checkReport({ tool, depth: depthOf(text), value, now, event: event!, result });
  io.stdout(formatCheck(report, toPosix(options.response), options.errorFormat));
  return result.outcome === "success" ? EXIT.ok : EXIT.findings;
}

/** `toolgate check <tool|spec> <response>`: one recorded response through the tool's generated adapter, layer by layer. */
export async function runCheck(target: string, options: CheckOptions & { readonly response: string }, io: Io): Promise<number> {
  try {
    parseNow(options.now);
    if (options.input !== undefined) parseInput(options.input);
    let raw: Uint8Array;
    try {
      raw = await readFile(options.response);
    } catch (e) {
      throw new UsageError(`toolgate: cannot read ${toPosix(options.response)}: ${readFailure(e)}`);
    }
    const loaded = await loadAdapters(options, options.errorFormat, io);
    if (!loaded.ok) return loaded.exit;
    const tool = findTool(loaded.tools, target, options.specs);
    return await judge(tool, loaded.adapters[tool.tool]!, raw, options, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(formatUsageError(e.message, options.errorFormat));
    return EXIT.usage;
  }
}
