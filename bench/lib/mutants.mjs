// Invalid variants of a valid bench payload. Every pipeline in the table runs them before it is
// timed: toolgate's adapter must reject all of them; a peer that accepts one is listed with it.
// Each mutant edits the payload's fixed head, so it applies to every size.

/** Replaces the first `from` in `text`, or fails loudly if the payload no longer contains it. */
function edit(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`mutant anchor ${from} not in the payload`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

const STATUS = '"status":"amber"';
const TITLE = '"title":"Nightly pipeline health"';
const COMMENTS = /"comments":\d+/;
const BIG = "x".repeat(2 * 2 ** 20);

/** In report order: the strictness guarantees first, then plain schema violations. */
export const MUTANTS = {
  duplicate_name: { label: "duplicate member name", apply: (t) => edit(t, STATUS, `${STATUS},${STATUS}`) },
  escaped_duplicate: { label: "duplicate spelled with an escape (`st\\u0061tus`)", apply: (t) => edit(t, STATUS, `${STATUS},"st\\u0061tus":"amber"`) },
  lone_surrogate: { label: "lone surrogate escape (`\\ud800`)", apply: (t) => edit(t, TITLE, '"title":"Nightly \\ud800 health"') },
  unsafe_integer: { label: "unsafe integer (2^53 + 1)", apply: (t) => t.replace(COMMENTS, '"comments":9007199254740993') },
  proto_name: { label: "`__proto__` member", apply: (t) => edit(t, STATUS, `"__proto__":{},${STATUS}`) },
  over_byte_limit: { label: "over the 2 MiB byte limit", apply: (t) => edit(t, TITLE, `"title":"${BIG}"`) },
  extra_member: { label: "extra member in a closed object", apply: (t) => edit(t, STATUS, `${STATUS},"extra":1`) },
  bad_enum: { label: "value outside an enum", apply: (t) => edit(t, STATUS, '"status":"purple"') },
  bad_date_time: { label: "malformed date-time", apply: (t) => t.replace(/"observed_at":"[^"]*"/, '"observed_at":"2026-13-01T12:00:00Z"') },
  bad_pattern: { label: "string off its pattern", apply: (t) => edit(t, '"id":"ITM-', '"id":"ITX-') },
  too_long: { label: "string over maxLength", apply: (t) => edit(t, TITLE, `"title":"${"x".repeat(201)}"`) },
  wrong_type: { label: "string where an integer belongs", apply: (t) => t.replace(COMMENTS, '"comments":"3"') },
};

/** The names of the mutants `accepts(text)` lets through. */
export function mutantsAccepted(text, accepts) {
  return Object.entries(MUTANTS)
    .filter(([, mutant]) => accepts(mutant.apply(text)))
    .map(([name]) => name);
}
