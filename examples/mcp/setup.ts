/**
 * What both example servers share: the fake upstream, the exposed tools, and the operator channel.
 * stdout belongs to the MCP protocol, so everything for the operator goes to stderr as JSON lines:
 * first `{"kind":"upstream","url":…}`, then `{"kind":"attempt",…}` per HTTP attempt and
 * `{"kind":"event",…}` per adapter event. Their request id is the one the agent sees in `_meta`.
 */
import type { AdapterEvent } from "@toolgate/runtime";
import { exampleTools, type ExposedTool } from "./tools.js";
import { startUpstream } from "./upstream.js";

const DEFAULT_TIMEOUT_MS = 5000;

export interface Example {
  readonly tools: readonly ExposedTool[];
  byName(name: string): ExposedTool | undefined;
  /** Stops the upstream; the servers call it when the client closes stdin. */
  close(): Promise<void>;
}

export const operatorLine = (record: object): void => void process.stderr.write(`${JSON.stringify(record)}\n`);

export async function startExample(): Promise<Example> {
  const upstream = await startUpstream();
  operatorLine({ kind: "upstream", url: upstream.baseUrl });
  const timeoutMs = Number(process.env.TOOLGATE_EXAMPLE_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
  const context = { onEvent: (event: AdapterEvent) => operatorLine({ kind: "event", ...event }) };
  const onAttempt = (record: object): void => operatorLine({ kind: "attempt", ...record });
  const tools = await exampleTools({ baseUrl: upstream.baseUrl, timeoutMs, context, onAttempt });
  const names = new Map(tools.map((t) => [t.definition.name, t]));
  return { tools, byName: (name) => names.get(name), close: () => upstream.close() };
}

/** Ends the process once the MCP client closes stdin (its normal way to stop a stdio server). */
export function stopWithStdin(example: Example): void {
  process.stdin.once("end", () => void example.close().then(() => process.exit(0)));
}
