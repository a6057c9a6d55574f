import type { McpServerFactory } from "@modelcontextprotocol/server";
import { diagnostic, formatDiagnostics, quote, type Diagnostic, type ErrorFormat } from "@toolgate/compiler";
import type { AnyAdapter, McpTool } from "@toolgate/runtime";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { toPosix } from "../../files.js";
import { EXIT, type Io } from "../../io.js";
import { loadAdapters } from "../../load-adapters.js";
import type { ProjectPaths } from "../../project.js";
import { formatUsageError } from "../../usage.js";
import { defaultPinPath, parsePinFile, type PinFile } from "../pin.js";
import { openGateAudit, type GateAudit } from "./audit-file.js";
import { operatorLines, startGate, type Gate, type GateProblem, type GateTool, type Operator } from "./index.js";
import { projectTracer, withSpans } from "./otel.js";

export interface McpGateOptions extends ProjectPaths {
  readonly errorFormat: ErrorFormat;
  readonly pin: string | boolean | undefined;
  readonly tools: string | undefined;
  readonly maxRestarts: number;
  readonly audit: string | undefined;
  /** `--otel`: adapter events also as spans of the tracer provider the process registered. */
  readonly otel?: boolean | undefined;
  readonly command: readonly string[];
  /** `--http <port>`: Streamable HTTP instead of stdio; `--host` the interface (127.0.0.1 unless given). */
  readonly http?: number | undefined;
  readonly host?: string | undefined;
}

type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly exit: number };

const at = (file: string) => ({ file: toPosix(file), line: 1, column: 1 });

function report(diagnostics: readonly Diagnostic[], exit: number, options: McpGateOptions, io: Io): { ok: false; exit: number } {
  io.stderr(formatDiagnostics(diagnostics, options.errorFormat));
  return { ok: false, exit };
}

/** The pin file: `--pin <file>`, else toolgate.mcp-pin.json beside the specs directory; `--no-pin` reads none. */
async function readPin(options: McpGateOptions, io: Io): Promise<Step<PinFile | undefined>> {
  if (options.pin === false) {
    io.stderr(formatDiagnostics([diagnostic("TG807", at(options.specs))], options.errorFormat));
    return { ok: true, value: undefined };
  }
  const file = typeof options.pin === "string" ? options.pin : resolve(defaultPinPath(options.specs));
  const shown = toPosix(relative(process.cwd(), file));
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return report([diagnostic("TG800", at(shown), { file: quote(shown) })], EXIT.usage, options, io);
  const parsed = parsePinFile(text);
  if ("problem" in parsed) return report([diagnostic("TG801", at(shown), { file: quote(shown), problem: parsed.problem })], EXIT.usage, options, io);
  return { ok: true, value: parsed.pin };
}

/** The project's tools as the gate serves them: each generated adapter with its generated MCP definition, narrowed by --tools. */
async function gateTools(options: McpGateOptions, io: Io): Promise<Step<{ tools: GateTool[]; specOf: Map<string, string> }>> {
  const loaded = await loadAdapters(options, options.errorFormat, io);
  if (!loaded.ok) return loaded;
  const { mcpTools } = (await import(`${loaded.outUrl}/definitions.js`)) as { mcpTools: McpTool[] };
  const specOf = new Map(loaded.tools.map((t) => [t.tool, toPosix(join(options.specs, t.specPath))]));
  const wanted = options.tools === undefined ? [...specOf.keys()] : options.tools.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const unknown = wanted.filter((name) => !specOf.has(name));
  if (unknown.length > 0) return report(unknown.map((tool) => diagnostic("TG802", at(options.specs), { tool: quote(tool), dir: quote(toPosix(options.specs)) })), EXIT.usage, options, io);
  const adapters = loaded.adapters as Readonly<Record<string, AnyAdapter<unknown, unknown, object>>>;
  const tools = mcpTools.filter((d) => wanted.includes(d.name)).map((definition) => ({ definition, adapter: adapters[definition.name]! }));
  return { ok: true, value: { tools, specOf } };
}

/** The operator channel on stderr, with spans too under `--otel` (TG809 when the project has no @opentelemetry/api). */
function operatorOf(options: McpGateOptions, write: (line: string) => void): { ok: true; value: Operator } | { ok: false } {
  const lines = operatorLines(write);
  if (options.otel !== true) return { ok: true, value: lines };
  const tracer = projectTracer(process.cwd());
  return tracer === undefined ? { ok: false } : { ok: true, value: withSpans(lines, tracer) };
}

/** `--audit <file>` opened, or TG808 when the file cannot take this gate's records. */
function auditLog(options: McpGateOptions, operator: Operator, io: Io): Step<GateAudit | undefined> {
  if (options.audit === undefined) return { ok: true, value: undefined };
  const opened = openGateAudit(options.audit, operator);
  if ("audit" in opened) return { ok: true, value: opened.audit };
  const shown = toPosix(relative(process.cwd(), resolve(options.audit)));
  return report([diagnostic("TG808", at(shown), { file: quote(shown), reason: opened.problem })], EXIT.usage, options, io);
}

function startProblem(problem: GateProblem, specOf: ReadonlyMap<string, string>, options: McpGateOptions, io: Io): number {
  const command = quote(options.command.join(" "));
  if (problem.failure === "not_found") return report([diagnostic("TG803", at(options.specs), { command, reason: "no such command" })], EXIT.usage, options, io).exit;
  if (!("tools" in problem)) return report([diagnostic("TG804", at(options.specs), { command, reason: problem.detail })], EXIT.findings, options, io).exit;
  const code = problem.failure === "not_listed" ? "TG805" : "TG806";
  const pinFile = typeof options.pin === "string" ? options.pin : defaultPinPath(options.specs);
  return report(problem.tools.map((tool) => diagnostic(code, at(specOf.get(tool) ?? options.specs), { tool: quote(tool), file: quote(toPosix(pinFile)) })), EXIT.findings, options, io).exit;
}

/**
 * `toolgate mcp-gate`: serves the project's tools (stdio, or Streamable HTTP) in front of an untrusted MCP server.
 * stdout is the MCP channel, so every word for the operator goes to stderr; exit 0 when the client
 * disconnects, 1 when the upstream does not cover the specs, 2 for a usage or configuration error.
 */
export async function runMcpGate(options: McpGateOptions, io: Io): Promise<number> {
  const [command, ...args] = options.command;
  if (command === undefined) return (io.stderr(formatUsageError("toolgate: mcp-gate needs the upstream command after `--`", options.errorFormat)), EXIT.usage);
  // Nothing but MCP may reach stdout: the loader's words go to stderr too.
  const quiet: Io = { stdout: io.stderr, stderr: io.stderr };
  const operator = operatorOf(options, io.stderr);
  if (!operator.ok) return report([diagnostic("TG809", at(options.specs))], EXIT.usage, options, quiet).exit;
  const pin = await readPin(options, quiet);
  if (!pin.ok) return pin.exit;
  const project = await gateTools(options, quiet);
  if (!project.ok) return project.exit;
  const audit = auditLog(options, operator.value, quiet);
  if (!audit.ok) return audit.exit;
  const upstream = { command, args, cwd: process.cwd() };
  const restarts = { restarts: options.maxRestarts, windowMs: 60_000 };
  const started = await startGate({ tools: project.value.tools, pin: pin.value, upstream, operator: operator.value, restarts, ...(audit.value && { audit: audit.value }) });
  try {
    if ("problem" in started) return startProblem(started.problem, project.value.specOf, options, quiet);
    return await serveGate(started.gate, options, operator.value, quiet);
  } finally {
    audit.value?.close();
  }
}

/** Serves the gate over stdio, or over Streamable HTTP with `--http`, until stopped; then stops the upstream. */
async function serveGate(gate: Gate, options: McpGateOptions, operator: Operator, io: Io): Promise<number> {
  const { serveUntilStopped, DEFAULT_HTTP_HOST } = await import("../serve/index.js");
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const target = options.http === undefined ? ({ kind: "stdio" } as const) : ({ kind: "http", host, port: options.http, bus: gate.changes } as const);
  // Over HTTP only a 2026-07-28 client holds a stream (subscriptions/listen) a change can reach.
  const newServer: McpServerFactory = options.http === undefined ? () => gate.newServer(true) : (context) => gate.newServer(context.era === "modern");
  try {
    await serveUntilStopped(newServer, target, (url) => operator.gate("listening", { url }));
    return EXIT.ok;
  } catch (error) {
    // Only listening can fail here (a port in use, an address this host does not have).
    const reason = typeof (error as { code?: unknown }).code === "string" ? (error as { code: string }).code : "listen failed";
    return report([diagnostic("TG840", at(options.specs), { address: quote(`${host}:${String(options.http)}`), reason })], EXIT.usage, options, io).exit;
  } finally {
    await gate.close();
  }
}
