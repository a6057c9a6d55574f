import type { RetryClass } from "@toolgate/runtime";
import { diagnostic, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { Effects } from "../ir/types.js";
import type { RawSpec } from "./spec.js";

/**
 * The tool's declared effects. Without a declaration, a `safe` retry class (which the README defines
 * as "only reads") means read_only and anything else destructive, MCP's own default for a tool
 * without hints: absent knowledge, an agent host must assume the worst.
 */
export function buildEffects(spec: RawSpec, retryClass: RetryClass, locate: (p: string) => SourceRange, sink: DiagnosticSink): Effects {
  if (spec.effects === undefined) return retryClass === "safe" ? "read_only" : "destructive";
  const at = locate("/effects");
  // `safe` lets the adapter repeat the call after bytes were sent: wrong for anything that writes.
  if (spec.effects !== "read_only" && retryClass === "safe") sink.report(diagnostic("TG520", at, { effects: spec.effects }));
  // A read-only call repeats harmlessly; `unsafe` gives up retries for no reason.
  if (spec.effects === "read_only" && retryClass === "unsafe") sink.report(diagnostic("TG521", at));
  return spec.effects;
}
