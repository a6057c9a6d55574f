// Loaded with `node --import <this file>?spans=<file>` before the gate: registers a real
// OpenTelemetry tracer provider whose exporter appends each ended span to <file> as a JSON line.
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { appendFileSync } from "node:fs";

const file = new URL(import.meta.url).searchParams.get("spans");
const exporter = {
  export(spans, done) {
    for (const span of spans) appendFileSync(file, `${JSON.stringify({ name: span.name, attributes: span.attributes, status: span.status })}\n`);
    done({ code: 0 });
  },
  shutdown: async () => {},
};
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
