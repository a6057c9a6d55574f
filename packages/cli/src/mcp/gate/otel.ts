import type { AdapterEvent } from "@toolgate/runtime";
import { otelEventSink, type OtelTracerLike } from "@toolgate/runtime/otel";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Operator } from "./operator.js";

interface OtelApi {
  readonly trace: { getTracer(name: string): OtelTracerLike };
}

/**
 * `--otel`: the tracer of the provider the user's process registered (for example through
 * `node --import ./otel-setup.mjs`), reached through the project's own @opentelemetry/api. Its
 * global registry is shared across copies of one major version, so the CLI depends on no
 * OpenTelemetry package and uses whatever exporter the user configured. undefined: not installed.
 */
export function projectTracer(projectDir: string): OtelTracerLike | undefined {
  try {
    const api = createRequire(join(projectDir, "package.json"))("@opentelemetry/api") as OtelApi;
    return api.trace.getTracer("toolgate-mcp-gate");
  } catch {
    return undefined;
  }
}

/** The operator channel as before, and each adapter event also as a span. */
export function withSpans(operator: Operator, tracer: OtelTracerLike): Operator {
  const span: (event: AdapterEvent) => void = otelEventSink(tracer);
  return {
    event: (event) => {
      operator.event(event);
      span(event);
    },
    gate: operator.gate,
  };
}
