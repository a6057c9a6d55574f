import type { Client, JsonSchemaValidatorResult } from "@modelcontextprotocol/client";
import type { UpstreamTool } from "../pin.js";
import { RestartBudget, type RestartLimits } from "./budget.js";
import type { Operator } from "./operator.js";

/** The untrusted server the gate spawns: a command line run from `cwd`. */
export interface UpstreamCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
}

/** What one forwarded call came to; every failure is named, none carries upstream text. */
export type CallOutcome =
  | { readonly ok: true; readonly result: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly failure: "unavailable" | "crashed" | "timeout" | "protocol" };

export interface Listing {
  readonly server: { readonly name: string; readonly version: string };
  readonly tools: readonly UpstreamTool[];
}

export type StartFailure = { readonly failure: "not_found" | "failed"; readonly detail: string };

interface Connected {
  readonly client: Client;
  readonly listing: Listing;
}

/** The SDK's codes for a connection that is gone (SdkErrorCode values). */
const LOST = new Set(["CONNECTION_CLOSED", "NOT_CONNECTED", "SEND_FAILED"]);

/**
 * The upstream's own outputSchemas are never compiled in the gate: they are untrusted input (a
 * hostile `pattern` would run here), and the spec's generated validators judge every result anyway.
 */
const UNCOMPILED = {
  getValidator<T>() {
    return (input: unknown): JsonSchemaValidatorResult<T> => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

const sdk = async () => ({ ...(await import("@modelcontextprotocol/client")), ...(await import("@modelcontextprotocol/client/stdio")) });

/** A spawn or handshake error as a fixed word and the error's code: no upstream text. */
function startFailure(error: unknown): StartFailure {
  const code = (error as { code?: unknown } | null)?.code;
  return { failure: code === "ENOENT" ? "not_found" : "failed", detail: typeof code === "string" && /^[A-Z_]{1,32}$/.test(code) ? code : "the server did not complete the MCP handshake" };
}

/**
 * The gate's one connection to its upstream. It spawns the server (stderr drained, never passed on),
 * reports its tool list on start, on every restart and on every `list_changed`, and restarts a server
 * that exited or hung, within the restart budget.
 */
export class UpstreamLink {
  readonly #command: UpstreamCommand;
  readonly #budget: RestartBudget;
  readonly #operator: Operator;
  readonly #onListing: (listing: Listing) => void;
  #current: Promise<Connected | StartFailure> | undefined;
  #closed = false;

  constructor(command: UpstreamCommand, limits: RestartLimits, operator: Operator, onListing: (listing: Listing) => void) {
    this.#command = command;
    this.#budget = new RestartBudget(limits);
    this.#operator = operator;
    this.#onListing = onListing;
  }

  /** The first start: its failure is the gate's start error. */
  async start(): Promise<Listing | StartFailure> {
    this.#current = this.#connect();
    const connected = await this.#current;
    return "client" in connected ? connected.listing : connected;
  }

  async call(name: string, args: unknown, timeoutMs: number): Promise<CallOutcome> {
    const connected = await this.#connection();
    if (connected === undefined) return { ok: false, failure: "unavailable" };
    try {
      const result = await connected.client.callTool({ name, arguments: args as Record<string, unknown> }, { timeout: timeoutMs });
      return { ok: true, result: result as Record<string, unknown> };
    } catch (error) {
      return { ok: false, failure: await this.#classify(error, connected) };
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const current = await this.#current;
    if (current !== undefined && "client" in current) await current.client.close().catch(() => undefined);
  }

  /** The live connection, restarting a dead one when the budget allows; undefined means fail fast. */
  async #connection(): Promise<Connected | undefined> {
    const current = await this.#current;
    if (current !== undefined && "client" in current) return current;
    if (this.#closed || !this.#budget.take()) return undefined;
    this.#operator.gate("upstream_restart");
    this.#current = this.#connect();
    const next = await this.#current;
    return "client" in next ? next : undefined;
  }

  /**
   * A timeout or a lost connection ends this process (a hung server is stopped, so the next call
   * starts a fresh one); anything else (a JSON-RPC error answer, a result the SDK refused) is the
   * upstream's protocol error and keeps the connection.
   */
  async #classify(error: unknown, connected: Connected): Promise<"crashed" | "timeout" | "protocol"> {
    const { SdkError, SdkErrorCode } = await sdk();
    const code = error instanceof SdkError ? error.code : undefined;
    const failure = code === SdkErrorCode.RequestTimeout ? "timeout" : LOST.has(String(code)) ? "crashed" : "protocol";
    if (failure !== "protocol") await this.#drop(connected, failure);
    return failure;
  }

  async #drop(connected: Connected, reason: string): Promise<void> {
    const current = await this.#current;
    if (current !== connected) return;
    this.#current = undefined;
    if (!this.#closed) this.#operator.gate("upstream_stopped", { reason });
    await connected.client.close().catch(() => undefined);
  }

  async #connect(): Promise<Connected | StartFailure> {
    const { Client, StdioClientTransport, getDefaultEnvironment } = await sdk();
    const transport = new StdioClientTransport({ command: this.#command.command, args: [...this.#command.args], cwd: this.#command.cwd, env: getDefaultEnvironment(), stderr: "pipe" });
    // The upstream's stderr is its own business: drained so it never blocks, and passed on nowhere.
    transport.stderr?.on("data", () => undefined);
    const client: Client = new Client({ name: "toolgate-mcp-gate", version: "0.1.0" }, { jsonSchemaValidator: UNCOMPILED, listChanged: { tools: { onChanged: (error, tools) => this.#changed(client, error, tools) } } });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      const info = client.getServerVersion();
      const connected = { client, listing: { server: { name: String(info?.name ?? ""), version: String(info?.version ?? "") }, tools: tools as UpstreamTool[] } };
      client.onclose = () => void this.#drop(connected, "exited");
      this.#operator.gate("upstream_started", { pid: transport.pid, tools: tools.length });
      this.#onListing(connected.listing);
      return connected;
    } catch (error) {
      await client.close().catch(() => undefined);
      return startFailure(error);
    }
  }

  #changed(client: Client, error: Error | null, tools: unknown[] | null): void {
    const info = client.getServerVersion();
    if (error !== null || tools === null) return this.#operator.gate("upstream_list_failed");
    this.#onListing({ server: { name: String(info?.name ?? ""), version: String(info?.version ?? "") }, tools: tools as UpstreamTool[] });
  }
}
