import { InMemoryServerEventBus, McpServer, ProtocolError, ProtocolErrorCode, type ServerEventBus, type Tool } from "@modelcontextprotocol/server";
import type { ToolgateContext } from "@toolgate/runtime";
import { gateCall, type GateTool } from "./call.js";
import { exposureOf, sameExposed, type Exposure } from "./exposure.js";
import type { GateOptions } from "./index.js";
import { GATE_SERVER_INFO, gateServerOptions } from "./server-options.js";
import type { Listing, UpstreamLink } from "./upstream.js";

/** A client-chosen tool name, bounded before it goes into an error message. */
const shownName = (name: unknown): string => JSON.stringify(String(name).slice(0, 64));

/**
 * What the gate exposes right now, and the servers that listed it. Each upstream list (at start,
 * after a restart, on `list_changed`) is compared with the pin again; the operator hears of every
 * tool withheld or restored, and the clients of a changed list get `list_changed`: a connection's
 * own server sends it (stdio), and `changes` carries it to the HTTP endpoint's listen streams.
 */
export class GateState {
  readonly #options: GateOptions;
  readonly #tools: ReadonlyMap<string, GateTool>;
  readonly #servers = new Set<McpServer>();
  readonly #context: ToolgateContext;
  readonly changes: ServerEventBus = new InMemoryServerEventBus();
  exposure: Exposure = { exposed: [], withheld: new Map() };

  constructor(options: GateOptions) {
    this.#options = options;
    this.#tools = new Map(options.tools.map((tool) => [tool.definition.name, tool]));
    this.#context = { ...options.context, onEvent: options.operator.event };
  }

  relist(listing: Listing): void {
    const before = this.exposure;
    this.exposure = exposureOf(this.#options.tools.map((t) => t.definition), this.#options.pin, listing.tools);
    for (const [name, held] of this.exposure.withheld) {
      if (!before.withheld.has(name)) this.#options.operator.gate("tool_withheld", { tool: name, status: held.status, ...("fields" in held ? { fields: held.fields } : {}) });
    }
    for (const name of before.withheld.keys()) if (!this.exposure.withheld.has(name)) this.#options.operator.gate("tool_restored", { tool: name });
    if (sameExposed(before, this.exposure)) return;
    for (const server of this.#servers) void server.server.sendToolListChanged().catch(() => undefined);
    this.changes.publish({ kind: "tools_list_changed" });
  }

  /** A server for one stdio connection or one HTTP exchange; `listChanged`: whether a change can reach its client. */
  newServer(link: UpstreamLink, listChanged: boolean): McpServer {
    const server = new McpServer(GATE_SERVER_INFO, gateServerOptions(listChanged));
    // The generated definitions are JSON Schema objects; the SDK's Tool type spells JSON values out.
    server.server.setRequestHandler("tools/list", () => ({ tools: [...this.exposure.exposed] as unknown as Tool[] }));
    server.server.setRequestHandler("tools/call", async (request) => {
      const tool = this.#tools.get(request.params.name);
      if (tool === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${shownName(request.params.name)}`);
      const deps = { forward: link.call.bind(link), withheld: (name: string) => this.exposure.withheld.get(name), operator: this.#options.operator, context: this.#context, audit: this.#options.audit };
      const result = await gateCall(tool, request.params.arguments, deps);
      return server.server.projectCallToolResult(result, tool.definition.outputSchema);
    });
    this.#servers.add(server);
    server.server.onclose = () => void this.#servers.delete(server);
    return server;
  }
}
