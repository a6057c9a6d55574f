import type { McpTool } from "@toolgate/runtime";
import { comparePin, type PinFile, type ToolDrift, type UpstreamTool } from "../pin.js";

/** Why a spec'd tool is not exposed: its upstream definition left the pin, or the upstream stopped listing it. */
export type Withheld = Exclude<ToolDrift, { readonly status: "same" }>;

export interface Exposure {
  /** The spec's definitions of the tools the gate lists, in the specs' order. */
  readonly exposed: readonly McpTool[];
  readonly withheld: ReadonlyMap<string, Withheld>;
}

/** Each spec'd tool against the upstream's list: without a pin only presence counts, with one the pinned definition must hold. */
function driftOf(names: readonly string[], pin: PinFile | undefined, listed: readonly UpstreamTool[]): Map<string, ToolDrift> {
  const wanted = new Set(names);
  if (pin === undefined) {
    const present = new Set(listed.map((tool) => tool.name));
    return new Map(names.map((name) => [name, present.has(name) ? { name, status: "same" } : { name, status: "missing" }]));
  }
  // Tools the specs do not name are never exposed, so their pin entries do not matter.
  const byName = new Map(comparePin(pin, listed.filter((tool) => wanted.has(tool.name))).map((d) => [d.name, d]));
  return new Map(names.map((name) => [name, byName.get(name) ?? { name, status: "missing" }]));
}

/**
 * Which of the spec'd tools the gate exposes for this upstream list. The exposed definitions are
 * always the spec's: nothing of the upstream's definition (its description above all) is passed on.
 */
export function exposureOf(specTools: readonly McpTool[], pin: PinFile | undefined, listed: readonly UpstreamTool[]): Exposure {
  const drift = driftOf(specTools.map((tool) => tool.name), pin, listed);
  const withheld = new Map<string, Withheld>();
  for (const [name, d] of drift) if (d.status !== "same") withheld.set(name, d);
  return { exposed: specTools.filter((tool) => !withheld.has(tool.name)), withheld };
}

/** Whether two exposures list the same tools: the gate tells its client list_changed only when not. */
export const sameExposed = (a: Exposure, b: Exposure): boolean =>
  a.exposed.length === b.exposed.length && a.exposed.every((tool, i) => tool.name === b.exposed[i]?.name);
