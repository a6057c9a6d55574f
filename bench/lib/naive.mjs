// The pipelines users write today (perf-anchors §2): size check, JSON.parse (optionally behind a
// library duplicate-key check), a run-time-compiled validator, the checks, a generic allowlist pick.
import { formats } from "@toolgate/runtime";
import Ajv2020 from "ajv/dist/2020.js";
import { visit } from "jsonc-parser";

/** Ajv 2020 compiled in-process from the tools' schema documents; one validator per tool. */
export function compileWithAjv(tools) {
  const ajv = new Ajv2020({ discriminator: true, strict: false });
  // The runtime's format functions, so both sides agree on what a date-time is.
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  return tools.map((tool) => {
    ajv.addSchema(tool.schema);
    return ajv.getSchema(tool.envelopeRef);
  });
}

/** A generic, spec-driven copy of the allowlisted fields (the compiler's selection tree). */
export function pick(value, selection) {
  if (selection.kind === "value") return value;
  if (selection.kind === "array") return value.map((item) => pick(item, selection.items));
  const out = {};
  for (const field of selection.fields) {
    if (Object.hasOwn(value, field.key)) out[field.key] = pick(value[field.key], field.selection);
  }
  return out;
}

/** jsonc-parser's `visit` as a strict pre-check: no duplicate member names, no nesting beyond maxDepth. */
export function hasNoDuplicates(text, maxDepth) {
  const objects = [];
  let depth = 0;
  let ok = true;
  const enter = () => (depth += 1) > maxDepth && (ok = false);
  visit(
    text,
    {
      onObjectBegin: () => (enter(), objects.push(new Set())),
      onObjectEnd: () => ((depth -= 1), objects.pop()),
      onArrayBegin: enter,
      onArrayEnd: () => (depth -= 1),
      onObjectProperty: (name) => {
        const keys = objects[objects.length - 1];
        if (keys.has(name)) ok = false;
        keys.add(name);
      },
      onError: () => (ok = false),
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return ok;
}

export function parseWithDuplicateCheck(maxDepth) {
  return (text) => {
    if (!hasNoDuplicates(text, maxDepth)) throw new SyntaxError("duplicate member name or too deep");
    return JSON.parse(text);
  };
}

const rejected = (layer) => ({ outcome: "failure", layer });
const FRESH_PAST_MS = 5 * 60_000;
const FRESH_FUTURE_MS = 60_000;

/**
 * One tool result through: byte limit → parse → validate (returns the value or undefined) →
 * request id, project binding and freshness → generic pick.
 */
export function resultPipeline({ parse, validate, selection, maxBytes, requestId, projectId, now }) {
  return (text) => {
    if (Buffer.byteLength(text) > maxBytes) return rejected("transport");
    let doc;
    try {
      doc = validate(parse(text));
    } catch {
      return rejected("syntax");
    }
    if (doc === undefined || doc.outcome !== "success") return rejected("schema");
    if (doc.request_id !== requestId || doc.data.project_id !== projectId) return rejected("binding");
    const observed = Date.parse(doc.data.observed_at);
    if (!(observed >= now - FRESH_PAST_MS && observed <= now + FRESH_FUTURE_MS)) return rejected("semantic");
    return { tool: doc.tool, request_id: doc.request_id, outcome: "success", data: pick(doc.data, selection) };
  };
}
