// The bench_result envelope as a zod v4 schema, written by hand from bench/specs/bench_result.yaml
// the way a zod user would: strict objects, ISO date-times, regexes, enums.
import { z } from "zod";

const dateTime = z.iso.datetime({ offset: true }).max(35);
const projectId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,62}$/);
const requestId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.\-]{7,63}$/);

const author = z.strictObject({
  id: z.int().min(1),
  login: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/),
  name: z.string().max(100),
  role: z.enum(["owner", "maintainer", "member", "guest"]),
});

const item = z.strictObject({
  id: z.string().regex(/^ITM-[0-9]{1,10}$/),
  title: z.string().max(200),
  state: z.enum(["open", "in_progress", "blocked", "closed"]),
  priority: z.enum(["p0", "p1", "p2", "p3"]),
  author,
  labels: z.array(z.string().max(32)).max(10),
  created_at: dateTime,
  updated_at: dateTime,
  comments: z.int().min(0),
  snippet: z.string().max(500).optional(),
});

const row = z.strictObject({ id: z.int().min(0), k: z.string().max(16), v: z.int(), ok: z.boolean(), t: z.enum(["a", "b", "c"]) });

const data = z.strictObject({
  project_id: projectId,
  observed_at: dateTime,
  status: z.enum(["green", "amber", "red", "unknown"]),
  title: z.string().max(200),
  summary: z.string().max(2000).optional(),
  tags: z.array(z.string().max(40)).max(20).optional(),
  counts: z.strictObject({ open: z.int().min(0), closed: z.int().min(0), total: z.int().min(0) }),
  items: z.array(item).max(5000),
  rows: z.array(row).max(20000).optional(),
});

/** Success and failure envelopes of `tool`, discriminated by `outcome`. */
export function zodEnvelope(tool) {
  const common = { tool: z.literal(tool), request_id: requestId };
  return z.discriminatedUnion("outcome", [
    z.strictObject({ ...common, outcome: z.literal("success"), data }),
    z.strictObject({
      ...common,
      outcome: z.literal("failure"),
      error: z.strictObject({ code: z.enum(["INVALID_RESPONSE", "NOT_FOUND", "UPSTREAM_UNAVAILABLE"]), retryable: z.boolean() }),
    }),
  ]);
}
