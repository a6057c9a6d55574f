import type { AdapterEvent, ToolgateContext } from "@toolgate/runtime";

/** The fixed clock of the adapter tests; `observed_at` values are built relative to it. */
export const NOW = Date.parse("2026-11-29T12:00:00.000Z");

/** A context on the fixed clock that keeps every operator event; `extra` adds the rest (a correlation). */
export function recorder(extra: Omit<ToolgateContext, "now" | "onEvent"> = {}): { context: ToolgateContext; events: AdapterEvent[] } {
  const events: AdapterEvent[] = [];
  return { context: { ...extra, now: () => NOW, onEvent: (e) => void events.push(e) }, events };
}

/** The one failure the agent gets for any output that breaks its contract, as the runtime catalog words it. */
export const INVALID_RESPONSE = {
  code: "INVALID_RESPONSE",
  action: "stop_and_report",
  retryable: false,
  message: "The tool returned a result that does not satisfy its contract. It was discarded; do not act on it.",
};
