import type { AdapterEvent } from "@toolgate/runtime";

/**
 * The operator channel: one JSON object per line, never seen by the agent. stdout carries the MCP
 * protocol, so the CLI points this at stderr. `event` lines are the adapters' events, `gate` lines
 * what the gate itself did (a tool withheld, the upstream restarted).
 */
export interface Operator {
  readonly event: (event: AdapterEvent) => void;
  readonly gate: (what: string, facts?: Readonly<Record<string, unknown>>) => void;
}

export function operatorLines(write: (line: string) => void): Operator {
  return {
    event: (event) => write(JSON.stringify({ kind: "event", ...event })),
    gate: (what, facts = {}) => write(JSON.stringify({ kind: "gate", event: what, ...facts })),
  };
}
