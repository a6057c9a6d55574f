import type { UpstreamBoundary } from "../audit/boundary.js";

export type BoundarySink = (boundary: UpstreamBoundary) => void;

/**
 * Tells `sink` of a boundary. The sink runs inside socket and process event handlers, where a throw
 * would crash the process, and an operator sink must never change the call: its failures are dropped.
 */
export function notifyBoundary(sink: BoundarySink | undefined, boundary: UpstreamBoundary): void {
  if (!sink) return;
  try {
    sink(boundary);
  } catch {
    /* the audit log reports its own failed writes */
  }
}
