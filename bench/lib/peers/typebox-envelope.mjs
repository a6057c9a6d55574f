// The bench_result envelope as a TypeBox schema, written by hand from bench/specs/bench_result.yaml
// the way a TypeBox user would (closed objects, patterns, enums as literal unions), compiled with
// its TypeCompiler. `date-time` is ajv-formats' check, registered in TypeBox's format registry.
import { FormatRegistry, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { fullFormats } from "ajv-formats/dist/formats.js";

const closed = (properties) => Type.Object(properties, { additionalProperties: false });
const oneOf = (values) => Type.Union(values.map((v) => Type.Literal(v)));
const dateTime = Type.String({ format: "date-time", maxLength: 35 });
const count = Type.Integer({ minimum: 0 });

const author = closed({
  id: Type.Integer({ minimum: 1 }),
  login: Type.String({ pattern: "^[A-Za-z0-9][A-Za-z0-9-]{0,38}$" }),
  name: Type.String({ maxLength: 100 }),
  role: oneOf(["owner", "maintainer", "member", "guest"]),
});

const item = closed({
  id: Type.String({ pattern: "^ITM-[0-9]{1,10}$" }),
  title: Type.String({ maxLength: 200 }),
  state: oneOf(["open", "in_progress", "blocked", "closed"]),
  priority: oneOf(["p0", "p1", "p2", "p3"]),
  author,
  labels: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 }),
  created_at: dateTime,
  updated_at: dateTime,
  comments: count,
  snippet: Type.Optional(Type.String({ maxLength: 500 })),
});

const row = closed({ id: count, k: Type.String({ maxLength: 16 }), v: Type.Integer(), ok: Type.Boolean(), t: oneOf(["a", "b", "c"]) });

const data = closed({
  project_id: Type.String({ pattern: "^[a-z0-9][a-z0-9-]{2,62}$" }),
  observed_at: dateTime,
  status: oneOf(["green", "amber", "red", "unknown"]),
  title: Type.String({ maxLength: 200 }),
  summary: Type.Optional(Type.String({ maxLength: 2000 })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 })),
  counts: closed({ open: count, closed: count, total: count }),
  items: Type.Array(item, { maxItems: 5000 }),
  rows: Type.Optional(Type.Array(row, { maxItems: 20000 })),
});

/** The compiled check of `tool`'s success and failure envelopes. */
export function typeboxEnvelope(tool) {
  if (!FormatRegistry.Has("date-time")) FormatRegistry.Set("date-time", (value) => fullFormats["date-time"].validate(value));
  const common = { tool: Type.Literal(tool), request_id: Type.String({ pattern: "^[A-Za-z0-9][A-Za-z0-9_.\\-]{7,63}$" }) };
  const error = closed({ code: oneOf(["INVALID_RESPONSE", "NOT_FOUND", "UPSTREAM_UNAVAILABLE"]), retryable: Type.Boolean() });
  const envelope = Type.Union([
    closed({ ...common, outcome: Type.Literal("success"), data }),
    closed({ ...common, outcome: Type.Literal("failure"), error }),
  ]);
  return TypeCompiler.Compile(envelope);
}
