import { parseDateTime } from "@toolgate/runtime";
import { validatorDocument } from "../emit/validators.js";
import type { CheckIR, ToolIR } from "../ir/types.js";
import { isSchemaObject } from "../schema/walk.js";
import { byteLength, replaceAt, serialize, valueAt, withMember } from "./json-text.js";
import { leafAccepts } from "./leaf.js";
import { leafAlong, type Path } from "./positions.js";
import { SchemaScope, type SchemaSet } from "./schema-set.js";
import { synthesizeSet } from "./synthesize-value.js";
import type { FixtureBase, Synthesis } from "./types.js";

/** The clock of every synthesized base; fresh fields are set to this instant, inside any window. */
export const SYNTHESIZED_NOW = "2026-01-01T00:00:00Z";
/** The request id of a synthesized envelope base (the runtime's id grammar). */
export const SYNTHESIZED_REQUEST_ID = "req_toolgate_near_miss_base";

/** Input nesting has no spec limit; the synthesizer still stops somewhere. */
const INPUT_DEPTH = 32;

type Pair = { readonly output: unknown; readonly input: unknown };
type Step = ({ readonly ok: true } & Pair) | { readonly ok: false; readonly reason: string };

interface Roots {
  readonly scope: SchemaScope;
  readonly output: SchemaSet;
  readonly input: SchemaSet;
}

/** `value` with `leaf` at `path`: replaced, or added to an existing parent object. */
function putAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (valueAt(value, path) !== undefined) return replaceAt(value, path, leaf);
  const parent = valueAt(value, path.slice(0, -1));
  return parent !== undefined && isSchemaObject(parent.value) ? withMember(value, path.slice(0, -1), String(path[path.length - 1]), leaf) : undefined;
}

/** Sets `leaf` at `path` when its schema accepts it there; undefined otherwise. */
function placed(roots: Roots, root: SchemaSet, value: unknown, path: Path, leaf: unknown): unknown {
  const at = leafAlong(roots.scope, root, path);
  return at.steady && leafAccepts(at.set, leaf) ? putAt(value, path, leaf) : undefined;
}

/** Makes output and input agree on one bind check, changing whichever side accepts the other's value. */
function bind(roots: Roots, pair: Pair, check: Extract<CheckIR, { kind: "bind" }>): Step {
  const out = valueAt(pair.output, check.output);
  const inp = valueAt(pair.input, check.input);
  if (out !== undefined && inp !== undefined && out.value === inp.value) return { ok: true, ...pair };
  const output = inp === undefined ? undefined : placed(roots, roots.output, pair.output, check.output, inp.value);
  if (output !== undefined) return { ok: true, output, input: pair.input };
  const input = out === undefined ? undefined : placed(roots, roots.input, pair.input, check.input, out.value);
  if (input !== undefined) return { ok: true, output: pair.output, input };
  return { ok: false, reason: `${check.id}: no value satisfies both the output and the input field` };
}

/** Puts a fresh field at the base's clock. */
function fresh(roots: Roots, pair: Pair, check: Extract<CheckIR, { kind: "fresh" }>): Step {
  const output = placed(roots, roots.output, pair.output, check.field, SYNTHESIZED_NOW);
  if (output !== undefined) return { ok: true, output, input: pair.input };
  const current = valueAt(pair.output, check.field)?.value;
  if (parseDateTime(current) === parseDateTime(SYNTHESIZED_NOW)) return { ok: true, ...pair };
  return { ok: false, reason: `${check.id}: its field cannot hold ${SYNTHESIZED_NOW}` };
}

function applyChecks(roots: Roots, start: Pair, checks: readonly CheckIR[]): Step {
  let step: Step = { ok: true, ...start };
  for (const check of checks) {
    if (!step.ok) return step;
    if (check.kind === "bind") step = bind(roots, step, check);
    else if (check.kind === "fresh") step = fresh(roots, step, check);
  }
  return step;
}

function rawOf(tool: ToolIR, output: unknown): string {
  if (!tool.upstream.envelope) return serialize(output);
  return serialize({ tool: tool.tool, request_id: SYNTHESIZED_REQUEST_ID, outcome: "success", data: output });
}

/**
 * A minimal valid response of `tool`, the call input it answers and a clock, or why there is none:
 * a keyword the synthesizer does not build (oneOf, not, if, contains, a pattern it cannot read), a
 * bind whose two sides accept no common value, or a hook check, which may refuse any made-up value
 * (record a success fixture for such a tool).
 */
export function synthesize(tool: ToolIR): Synthesis {
  const hooks = tool.checks.flatMap((c) => (c.kind === "hook" ? [c.name] : []));
  if (hooks.length > 0) return { ok: false, reason: `hook checks (${hooks.join(", ")}) may refuse any synthesized value; record a success fixture` };
  const scope = new SchemaScope(validatorDocument(tool));
  const roots: Roots = { scope, output: scope.setOf([tool.output]), input: scope.setOf([tool.input]) };
  const ctx = { scope, now: SYNTHESIZED_NOW };
  const output = synthesizeSet(roots.output, ctx, tool.limits.maxDepth - (tool.upstream.envelope ? 1 : 0));
  if (!output.ok) return { ok: false, reason: `output: ${output.reason}` };
  const input = synthesizeSet(roots.input, ctx, INPUT_DEPTH);
  if (!input.ok) return { ok: false, reason: `input: ${input.reason}` };
  const step = applyChecks(roots, { output: output.value, input: input.value }, tool.checks);
  if (!step.ok) return step;
  if (!isSchemaObject(step.input)) return { ok: false, reason: "input: the input schema does not describe an object" };
  const raw = rawOf(tool, step.output);
  if (byteLength(raw) > tool.limits.maxBytes) return { ok: false, reason: "the smallest response is over limits.max_bytes" };
  const base: FixtureBase = { raw, input: step.input, now: SYNTHESIZED_NOW, ...(tool.upstream.envelope ? { requestId: SYNTHESIZED_REQUEST_ID } : {}) };
  return { ok: true, base };
}

/** `synthesize`'s base, or undefined (its reason says why). */
export const synthesizeBase = (tool: ToolIR): FixtureBase | undefined => {
  const result = synthesize(tool);
  return result.ok ? result.base : undefined;
};
