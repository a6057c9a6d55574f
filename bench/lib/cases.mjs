// The hot-path cases. Each `setup` returns the exact text it consumes (JSON.parse of that text is
// the baseline), a `run` closure to time, and `ok`, checked once so a case never times a rejection.
import { register } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileWithAjv, parseWithDuplicateCheck, resultPipeline } from "./naive.mjs";
import { BENCH_EXPORT, BENCH_TOOL } from "./paths.mjs";
import { FIXED_REQUEST_ID, NOW, PROJECT_ID, payloadText } from "./payload.mjs";
import { PEER_CASES, typiaValidator } from "./peer-cases.mjs";
import { zodEnvelope } from "./zod-envelope.mjs";

const INPUT = { project_id: PROJECT_ID };
const fixedText = (size) => payloadText(size, { tool: BENCH_TOOL, requestId: FIXED_REQUEST_ID });
const isSuccess = (result) => result?.outcome === "success";
const adapterUrl = (dir) => pathToFileURL(join(dir, BENCH_TOOL, "adapter.js")).href;

/** The bench tool's adapter, the context of its calls, the payload, and a fresh call() for each result. */
async function adapterSetup({ dir, size }, onEvent) {
  const adapter = (await import(adapterUrl(dir)))[BENCH_EXPORT];
  const context = onEvent ? { now: () => NOW, onEvent } : { now: () => NOW };
  const issue = () => adapter.call(INPUT, context, { requestId: FIXED_REQUEST_ID });
  const adapt = (t) => {
    const started = issue();
    return started.ok ? adapter.adapt(t, started.call) : started.result;
  };
  return { adapter, issue, adapt, text: fixedText(size) };
}

/**
 * `call()` + `adapt()` per result: an adapter adapts each issued call once (a second adapt is
 * refused as a replay), so every timed result gets its own call, with the payload's request id.
 */
async function adapterCase(setup, onEvent) {
  const { adapt, text } = await adapterSetup(setup, onEvent);
  return { text, run: () => adapt(text), ok: isSuccess, accepts: (t) => isSuccess(adapt(t)) };
}

/**
 * `adapt()` alone: `run.prepare(n)` issues the n calls of a timed batch before it starts (timing.mjs),
 * so the batch times the result path only. Warm-up and calibration, which have no batch, issue their
 * call as they go. Same adapter as the row above, so its mutants are not run twice.
 */
async function preIssuedCase(setup) {
  const { adapter, issue, text } = await adapterSetup(setup, undefined);
  let calls = [];
  let next = 0;
  const run = () => adapter.adapt(text, next < calls.length ? calls[next++] : issue().call);
  run.prepare = (n) => {
    calls = Array.from({ length: n }, () => issue().call);
    next = 0;
  };
  return { text, run, ok: isSuccess };
}

async function eventCase(setup) {
  let last;
  const subject = await adapterCase(setup, (event) => (last = event));
  return { ...subject, ok: (result) => isSuccess(result) && last?.raw_sha256?.length === 64 };
}

function pipelineCase({ size, meta }, parse, validate) {
  const text = fixedText(size);
  const common = { selection: meta.selection, maxBytes: meta.limits.maxBytes, requestId: FIXED_REQUEST_ID, projectId: PROJECT_ID, now: NOW };
  const pipeline = resultPipeline({ parse, validate, ...common });
  return { text, run: () => pipeline(text), ok: isSuccess, accepts: (t) => isSuccess(pipeline(t)) };
}

function ajvCase(setup, parse) {
  const [validate] = compileWithAjv([setup.meta]);
  return pipelineCase(setup, parse, (doc) => (validate(doc) ? doc : undefined));
}

function zodCase(setup) {
  const schema = zodEnvelope(BENCH_TOOL);
  return pipelineCase(setup, JSON.parse, (doc) => {
    const result = schema.safeParse(doc);
    return result.success ? result.data : undefined;
  });
}

/** The generated bind, semantic and select functions, taken from the definition the adapter registers. */
async function selectionCase({ dir, size }) {
  register(new URL("./capture/hooks.mjs", import.meta.url));
  await import(adapterUrl(dir));
  const { definitions } = await import("./capture/runtime.mjs");
  const definition = definitions.find((d) => d.tool === BENCH_TOOL);
  const text = fixedText(size);
  const output = JSON.parse(text).data;
  const run = () => definition.bind(output, INPUT, NOW) ?? definition.semantic(output, INPUT, NOW) ?? definition.select(output);
  return { text, run, ok: (view) => view?.items?.length === output.items.length && !("summary" in view) };
}

/** A validator alone, `valid(doc)` true or false, on the already-parsed payload. */
function onParsed(size, valid) {
  const text = fixedText(size);
  const doc = JSON.parse(text);
  return { text, run: () => valid(doc), ok: (result) => result === true };
}

/** The generated envelope validator alone. */
async function validatorCase({ dir, size }) {
  const { validateEnvelope } = await import(pathToFileURL(join(dir, BENCH_TOOL, "validate.js")).href);
  return onParsed(size, validateEnvelope);
}

/** typia's validateEquals alone, beside the generated validator alone. */
async function typiaValidatorCase({ dir, size }) {
  const validateEnvelope = await typiaValidator(dir);
  return onParsed(size, (doc) => validateEnvelope(doc).success);
}

/** Ajv compiled at run time from the same schema document, alone. */
function ajvValidatorCase({ size, meta }) {
  const [validate] = compileWithAjv([meta]);
  return onParsed(size, validate);
}

function controlCase({ size }) {
  const text = fixedText(size);
  return { text, run: () => JSON.parse(text), ok: isSuccess };
}

async function parseStrictCase({ size, meta }) {
  const { parseStrict } = await import("@toolgate/runtime");
  const text = fixedText(size);
  return { text, run: () => parseStrict(text, meta.limits), ok: (outcome) => outcome.ok === true };
}

/** The least work any parser that hops from quote to quote with native indexOf must do (perf-anchors §3.3). */
function quoteHopCase({ size }) {
  const text = fixedText(size);
  const run = () => {
    let quotes = 0;
    for (let at = text.indexOf('"'); at >= 0; at = text.indexOf('"', at + 1)) quotes++;
    return quotes;
  };
  return { text, run, ok: (quotes) => quotes > 0 && quotes % 2 === 0 };
}

/**
 * The text pass of the fast path's duplicate proof alone: the built runtime's colon hop (one
 * indexOf per colon, a charCodeAt before each). Any proof that reads the text once per member costs
 * at least this on top of JSON.parse; of the alternatives measured it is the cheapest (bench/README.md).
 */
async function colonHopCase({ size }) {
  const { colonsAfterQuotes } = await import(new URL("../../packages/runtime/dist/json/hops.js", import.meta.url).href);
  const text = fixedText(size);
  return { text, run: () => colonsAfterQuotes(text), ok: (colons) => colons > 0 };
}

/** The raw lone-surrogate check alone: free on one-byte strings, a full pass on two-byte ones. */
function wellFormedCase({ size }) {
  const text = fixedText(size);
  return { text, run: () => text.isWellFormed(), ok: (wellFormed) => wellFormed === true };
}

/** In table order. */
export const CASES = {
  json_parse: { label: "JSON.parse (control: same function twice)", setup: controlCase },
  parse_strict: { label: "parseStrict", setup: parseStrictCase },
  adapter: { label: "full generated adapter", setup: (s) => adapterCase(s, undefined) },
  adapter_pre: { label: "adapt() on a pre-issued call (calls issued before the timed batch)", setup: preIssuedCase },
  ...PEER_CASES,
  adapter_events: { label: "full generated adapter + event sink (SHA-256)", setup: eventCase },
  naive: { label: "naive: JSON.parse + Ajv (run-time compile) + generic pick", setup: (s) => ajvCase(s, JSON.parse) },
  naive_jsonc: { label: "naive + jsonc-parser duplicate check", setup: (s) => ajvCase(s, parseWithDuplicateCheck(s.meta.limits.maxDepth)) },
  zod: { label: "zod v4 strictObject + generic pick", setup: zodCase },
  select_checks: { label: "selection + checks alone (generated, on parsed object)", setup: selectionCase },
  validator: { label: "generated validator alone (on parsed object)", setup: validatorCase },
  typia_validator: { label: "typia validateEquals alone (on parsed object)", setup: typiaValidatorCase },
  ajv_validator: { label: "Ajv validator alone (run-time compile, same schema, on parsed object)", setup: ajvValidatorCase },
  quote_hop: { label: "floor: indexOf from quote to quote, nothing else", setup: quoteHopCase },
  well_formed: { label: "floor: String#isWellFormed (raw lone surrogates)", setup: wellFormedCase },
  colon_hop: { label: "floor: the duplicate proof's colon hop alone", setup: colonHopCase },
};
