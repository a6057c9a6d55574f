import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** A diagnostic as yaml-language-server publishes it (0-based line). */
export interface LspDiagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly message: string;
  readonly severity?: number;
}

type Message = { id?: number; method?: string; params?: any; result?: unknown };

const SERVER = join(dirname(createRequire(import.meta.url).resolve("yaml-language-server/package.json")), "bin", "yaml-language-server");

/** The real yaml-language-server over its LSP stdio protocol (Content-Length framed JSON-RPC), as an editor drives it. */
export class YamlLanguageServer {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #listeners = new Set<(message: Message) => void>();
  #buffer = Buffer.alloc(0);
  #nextId = 1;

  constructor() {
    this.#child = spawn(process.execPath, [SERVER, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    this.#child.stdout.on("data", (chunk: Buffer) => this.#read(chunk));
    this.on((message) => this.#answer(message));
  }

  on(listener: (message: Message) => void): void {
    this.#listeners.add(listener);
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const end = this.#buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.#buffer.subarray(0, end).toString("ascii"))?.[1]);
      if (this.#buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.#buffer.subarray(end + 4, end + 4 + length).toString("utf8")) as Message;
      this.#buffer = this.#buffer.subarray(end + 4 + length);
      for (const listener of this.#listeners) listener(message);
    }
  }

  #send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.#child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.#child.stdin.write(body);
  }

  /** The server's own requests: its settings (validation on, no schema store, so only the modeline counts), null to the rest. */
  #answer(message: Message): void {
    if (message.id === undefined || message.method === undefined) return;
    const settings = { validate: true, schemaStore: { enable: false }, format: { enable: false }, hover: false, completion: false };
    const result = message.method === "workspace/configuration" ? (message.params.items as { section?: string }[]).map((item) => (item.section === "yaml" ? settings : {})) : null;
    this.#send({ id: message.id, result });
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.on((message) => (message.id === id && message.method === undefined ? resolve(message.result) : undefined));
      this.#send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.#send({ method, params });
  }

  async initialize(root: string): Promise<void> {
    await this.request("initialize", { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { workspace: { configuration: true } }, initializationOptions: {} });
    this.notify("initialized", {});
    this.notify("workspace/didChangeConfiguration", { settings: { yaml: { validate: true, schemaStore: { enable: false } } } });
  }

  /** Opens the file with `text` and resolves with the first non-empty diagnostics published for it, or [] after `quietMs` without any. */
  diagnostics(file: string, text: string, quietMs = 20_000): Promise<LspDiagnostic[]> {
    const uri = pathToFileURL(file).href;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve([]), quietMs);
      this.on((message) => {
        if (message.method !== "textDocument/publishDiagnostics" || message.params.uri !== uri || message.params.diagnostics.length === 0) return;
        clearTimeout(timer);
        resolve(message.params.diagnostics as LspDiagnostic[]);
      });
      this.notify("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
    });
  }

  close(): void {
    this.#child.kill();
  }
}
