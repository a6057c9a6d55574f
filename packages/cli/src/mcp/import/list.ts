import { diagnostic, type Diagnostic } from "@toolgate/compiler";
import { basename } from "node:path";

/** What an upstream MCP server says about itself and its tools: untrusted data, drafted by the compiler. */
export interface Listing {
  readonly server: { readonly name: string; readonly version: string };
  readonly tools: readonly unknown[];
}

export interface Upstream {
  readonly command: string;
  readonly args: readonly string[];
  /** For starting and for listing each; a server that takes longer is a failure (TG825). */
  readonly timeoutMs: number;
}

const MAX_DETAIL = 300;

/** An SDK or spawn error as one short line (it may carry the server's text; diagnostic() escapes it). */
function detailOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, " ").trim() || "no reason given";
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}…` : line;
}

class Timeout extends Error {}

/** Rejects with Timeout after `ms`; the timer never keeps the process alive. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The failure of one step as its diagnostic: a hang is TG825; a closed or unstartable server TG824; anything else while listing TG826. */
function failure(error: unknown, step: "start" | "tools/list", upstream: Upstream): Diagnostic {
  const at = { file: basename(upstream.command), line: 1, column: 1 };
  if (error instanceof Timeout) return diagnostic("TG825", at, { ms: String(upstream.timeoutMs), step: step === "start" ? "initialize" : step });
  const detail = detailOf(error);
  if (step === "start" || /closed|ENOENT|EACCES|exited/i.test(detail)) return diagnostic("TG824", at, { detail });
  return diagnostic("TG826", { ...at, file: "tools/list" }, { detail });
}

/**
 * Starts the server (SDK v2 client over stdio, loaded only here so `gen` never loads the SDK),
 * reads every page of tools/list and stops it. The server gets only the SDK's default environment
 * (PATH, HOME, …), not this process's secrets; its stderr is discarded.
 */
export async function listUpstreamTools(upstream: Upstream): Promise<Listing | { failure: Diagnostic }> {
  const { Client } = await import("@modelcontextprotocol/client");
  const { StdioClientTransport, getDefaultEnvironment } = await import("@modelcontextprotocol/client/stdio");
  const transport = new StdioClientTransport({ command: upstream.command, args: [...upstream.args], env: getDefaultEnvironment(), stderr: "ignore" });
  const client = new Client({ name: "toolgate-import", version: "0.1.0" });
  let step: "start" | "tools/list" = "start";
  try {
    await within(client.connect(transport), upstream.timeoutMs);
    step = "tools/list";
    // No cursor: the SDK follows nextCursor through every page (and fails on a server whose pages never end).
    const { tools } = await within(client.listTools(undefined, { cacheMode: "bypass" }), upstream.timeoutMs);
    const info = client.getServerVersion();
    return { server: { name: String(info?.name ?? ""), version: String(info?.version ?? "") }, tools };
  } catch (error) {
    return { failure: failure(error, step, upstream) };
  } finally {
    await within(client.close(), upstream.timeoutMs).catch(() => transport.close());
  }
}
