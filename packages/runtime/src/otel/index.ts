import type { AdapterEvent } from "../adapter/types.js";

/**
 * Operator events as OpenTelemetry spans, without depending on @opentelemetry/api: the types below
 * are the part of its Tracer and Span this uses, so `trace.getTracer("toolgate")` fits as it is.
 * Attributes hold what the event holds (codes, layers, paths, keywords, digests), never values.
 */

export type OtelAttributes = Record<string, string | number | boolean | string[]>;

export interface OtelSpanLike {
  setStatus(status: { code: 2; message?: string }): unknown;
  end(endTime?: number): void;
}

export interface OtelTracerLike {
  startSpan(name: string, options: { kind: 0; startTime: number; attributes: OtelAttributes }): OtelSpanLike;
}

// SpanKind.INTERNAL and SpanStatusCode.ERROR in @opentelemetry/api.
const INTERNAL = 0;
const ERROR = 2;

/** The event as span attributes: GenAI semantic-convention names where one fits, `toolgate.*` otherwise. */
export function eventAttributes(event: AdapterEvent): OtelAttributes {
  const attributes: OtelAttributes = {
    "gen_ai.tool.name": event.tool,
    // The model's call id when the platform passed it; otherwise the adapter's own request id.
    "gen_ai.tool.call.id": event.correlation?.tool_call_id ?? event.request_id,
    "toolgate.request_id": event.request_id,
    "toolgate.spec_version": event.spec_version,
    "toolgate.spec_hash": event.spec_hash,
    "toolgate.outcome": event.outcome,
  };
  const optional: [string, string | number | boolean | null | undefined][] = [
    ["error.type", event.code],
    ["toolgate.layer", event.layer],
    ["toolgate.syntax_valid", event.syntax_valid],
    ["toolgate.schema_valid", event.schema_valid],
    ["toolgate.check_id", event.check_id],
    ["toolgate.parse_reason", event.parse_reason],
    ["toolgate.upstream_status", event.upstream_status],
    ["toolgate.raw.sha256", event.raw_sha256],
    ["toolgate.raw.bytes", event.raw_bytes],
    ["gen_ai.conversation.id", event.correlation?.conversation_id],
    ["toolgate.interaction_id", event.correlation?.interaction_id],
  ];
  for (const [key, value] of optional) if (value !== undefined && value !== null) attributes[key] = value;
  for (const [name, value] of Object.entries(event.labels ?? {})) attributes[`toolgate.label.${name}`] = value;
  if (event.schema_errors.length > 0) {
    attributes["toolgate.schema_errors.instance_paths"] = event.schema_errors.map((e) => e.instancePath);
    attributes["toolgate.schema_errors.schema_paths"] = event.schema_errors.map((e) => e.schemaPath);
    attributes["toolgate.schema_errors.keywords"] = event.schema_errors.map((e) => e.keyword);
  }
  return attributes;
}

/**
 * An `onEvent` sink that records each event as an INTERNAL span ending now and lasting the call's
 * `duration_ms`, under whatever span is active; failures get status ERROR with the catalog code.
 */
export function otelEventSink(tracer: OtelTracerLike, clock: () => number = Date.now): (event: AdapterEvent) => void {
  return (event) => {
    const end = clock();
    const span = tracer.startSpan(`toolgate ${event.tool}`, { kind: INTERNAL, startTime: end - event.duration_ms, attributes: eventAttributes(event) });
    if (event.outcome === "failure") span.setStatus({ code: ERROR, ...(event.code === undefined ? {} : { message: event.code }) });
    span.end(end);
  };
}
