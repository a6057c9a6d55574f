// Deterministic tool results of the perf-anchors envelope (§2), compact JSON as on the wire.
// Same size name → same bytes (apart from the tool name and request id spliced in).

/** The injected clock of every case: observed_at is 2 s before it, so freshness passes. */
export const NOW = Date.parse("2026-06-01T12:00:00.000Z");
export const PROJECT_ID = "toolgate-bench";
/** A request id of the issued grammar, for cases that do not go through `adapter.call`. */
export const FIXED_REQUEST_ID = "req_bench0000000000000000";

/** Target sizes in UTF-8 bytes; `twoByte` puts characters above U+00FF in names and titles. */
export const SIZES = {
  small: { label: "1 KB", bytes: 1024, twoByte: false, seed: 1 },
  medium: { label: "64 KB", bytes: 65536, twoByte: false, seed: 2 },
  medium2b: { label: "64 KB non-ASCII", bytes: 65536, twoByte: true, seed: 2 },
  large: { label: "1 MB", bytes: 1048576, twoByte: false, seed: 3 },
  // Two items, then `rows` of five short members each (the common shape of list responses).
  dense: { label: "64 KB key-dense", bytes: 65536, twoByte: false, seed: 4, keyDense: true },
};
export const SIZE_NAMES = Object.keys(SIZES);

const WORDS = "build deploy cache queue retry shard index merge token route probe audit patch lint trace sync".split(" ");
const ASCII_NAMES = ["Ana Ortiz", "Bo Larsen", "Chen Wei", "Dara Khan", "Eli Novak", "Femi Ade"];
const WIDE_NAMES = ["Łukasz Żak", "Ђорђе Петровић", "Zoë Øby → ops", "Ngô Bảo Châu", "Şule Ağaoğlu", "Ὀδυσσεύς"];
const LABELS = ["bug", "infra", "p-critical", "needs-review", "flaky", "security", "docs", "perf"];
const STATES = ["open", "in_progress", "blocked", "closed"];
const PRIORITIES = ["p0", "p1", "p2", "p3"];
const ROLES = ["owner", "maintainer", "member", "guest"];
const DAY_MS = 86_400_000;

/** mulberry32: a tiny seeded PRNG, so payloads are identical on every run and machine. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pickOne = (rand, list) => list[Math.floor(rand() * list.length)];
const words = (rand, n, separator) => Array.from({ length: n }, () => pickOne(rand, WORDS)).join(separator);
const iso = (ms) => new Date(ms).toISOString();

function item(rand, index, twoByte) {
  const created = NOW - Math.floor(rand() * 90 * DAY_MS);
  const name = pickOne(rand, twoByte ? WIDE_NAMES : ASCII_NAMES);
  return {
    id: `ITM-${1000 + index}`,
    title: words(rand, 3 + Math.floor(rand() * 5), twoByte && rand() < 0.5 ? " → " : " "),
    state: pickOne(rand, STATES),
    priority: pickOne(rand, PRIORITIES),
    author: { id: 1 + Math.floor(rand() * 9999), login: `user-${Math.floor(rand() * 500)}`, name, role: pickOne(rand, ROLES) },
    labels: Array.from({ length: Math.floor(rand() * 4) }, () => pickOne(rand, LABELS)),
    created_at: iso(created),
    updated_at: iso(created + Math.floor(rand() * (NOW - created))),
    comments: Math.floor(rand() * 40),
    snippet: words(rand, 8 + Math.floor(rand() * 14), " "),
  };
}

const KINDS = ["a", "b", "c"];

/** A key-dense row: five short members, about 45 bytes. */
function row(rand, index) {
  return { id: index, k: words(rand, 1, ""), v: Math.floor(rand() * 2000) - 1000, ok: rand() < 0.5, t: pickOne(rand, KINDS) };
}

function data(rand, items) {
  const open = items.filter((i) => i.state !== "closed").length;
  return {
    project_id: PROJECT_ID,
    observed_at: iso(NOW - 2_000),
    status: "amber",
    title: "Nightly pipeline health",
    summary: words(rand, 24, " "),
    tags: ["ci", "nightly", "bench"],
    counts: { open, closed: items.length - open, total: items.length },
    items,
  };
}

/** The success envelope for `tool`, about `SIZES[size].bytes` long (never fewer than 2 items). */
export function payloadText(size, { tool, requestId }) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown payload size ${size}`);
  const rand = prng(spec.seed);
  const items = [];
  const rows = [];
  const envelope = () => {
    const body = data(prng(spec.seed + 100), items);
    return JSON.stringify({ tool, request_id: requestId, outcome: "success", data: spec.keyDense ? { ...body, rows } : body });
  };
  let bytes = Buffer.byteLength(envelope());
  // A key-dense payload grows its rows; the others grow their items.
  const [list, make] = spec.keyDense ? [rows, row] : [items, item];
  while (spec.keyDense && items.length < 2) items.push(item(rand, items.length, false));
  if (spec.keyDense) bytes = Buffer.byteLength(envelope());
  for (;;) {
    const next = make(rand, list.length, spec.twoByte);
    const extra = Buffer.byteLength(JSON.stringify(next)) + 1;
    if (list.length >= 2 && bytes + extra > spec.bytes) break;
    list.push(next);
    bytes += extra;
  }
  return envelope();
}

const TOOL_MARK = "@@TOOL@@";
const REQUEST_MARK = "@@REQUEST_ID@@";

/** A fast (tool, requestId) → text function over one pre-rendered payload, for many-tool runs. */
export function payloadTemplate(size) {
  const [head, middle, tail] = payloadText(size, { tool: TOOL_MARK, requestId: REQUEST_MARK }).split(/@@TOOL@@|@@REQUEST_ID@@/);
  return (tool, requestId) => head + tool + middle + requestId + tail;
}
