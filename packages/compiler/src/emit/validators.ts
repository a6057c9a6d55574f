import { outputDirOf } from "../ir/output-dir.js";
import { createRequire } from "node:module";
import { _, type Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { jsdoc, raw } from "../codegen/code.js";
import { childPointer } from "../load/pointer.js";
import { newAjv } from "../check/ajv-options.js";
import type { ToolIR } from "../ir/types.js";
import { GeneratedFile, runtime } from "../codegen/file.js";
import { emitted, type Emitter } from "./emitter.js";
import { envelopeSchema } from "./envelope.js";
import type { LeanUnsupported } from "./lean/context.js";
import { writeLeanModule } from "./lean/module.js";
import { ROOT_KEYS } from "../codegen/names.js";
import { patternGuard } from "../check/patterns.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/diagnostic.js";
import { locate } from "../ir/locate.js";
import { forEachSchema, isSchemaObject } from "../schema/walk.js";
import { stageTimer } from "../stages.js";

// Ajv's generated code reaches its helpers (ucs2length for string lengths, equal for const/enum/
// uniqueItems) through scope values whose code is `require("ajv/dist/runtime/…")`. Registering each
// helper first under the runtime export that replaces it makes Ajv write that binding instead: Ajv
// reuses a scope value registered for the same function.
// Loaded with require, as Ajv itself loads them, so each is the very function Ajv registers.
const ajvHelper = (name: string): unknown => (createRequire(import.meta.url)(`ajv/dist/runtime/${name}`) as { default: unknown }).default;
const RUNTIME_HELPERS: readonly [unknown, ReturnType<typeof _>][] = [
  [ajvHelper("ucs2length"), _`__ucs2length`],
  [ajvHelper("equal"), _`__equal`],
];

const USE_STRICT = '"use strict";';

// Ajv's code calls its helpers by the names registered above and the formats object as `__formats`.
const AJV_IMPORTS = [
  { ...runtime("deepEqual"), local: "__equal" },
  { ...runtime("formats"), local: "__formats" },
  { ...runtime("ucs2length"), local: "__ucs2length" },
];

function emitterAjv(): Ajv2020 {
  const ajv = newAjv({ source: true, esm: true, lines: false, optimize: true, formats: _`__formats` });
  for (const [ref, code] of RUNTIME_HELPERS) ajv.scope.value("func", { ref, code });
  return ajv;
}

/** One schema document per tool: the shared pool plus the four roots, so refs resolve once. */
export function validatorDocument(tool: ToolIR): Record<string, unknown> {
  const { $defs: _viewDefs, ...agentView } = tool.agentView;
  return {
    $id: `urn:toolgate:${tool.tool}`,
    $defs: {
      ...tool.defs,
      [ROOT_KEYS.input]: tool.input,
      [ROOT_KEYS.output]: tool.output,
      [ROOT_KEYS.agentView]: agentView,
      [ROOT_KEYS.envelope]: envelopeSchema(tool),
    },
  };
}

/** Ajv's standalone ESM for `exports` (export name → `id#pointer`) over `document`; throws when Ajv rejects it. */
export function standaloneSource(document: Record<string, unknown>, exports: Readonly<Record<string, string>>): string {
  const ajv = emitterAjv();
  ajv.addSchema(document);
  return standaloneCode.default(ajv, exports);
}

/**
 * Writes Ajv's output into `file` as a module of ours, bound to the runtime's helpers.
 * `declined` says which construct made the boolean emitter leave this schema to Ajv.
 */
export function writeAjvModule(file: GeneratedFile, source: string, label: string, declined?: LeanUnsupported): void {
  // Ajv opens every module with the directive; below our imports it would be a stray expression.
  const body = source.startsWith(USE_STRICT) ? source.slice(USE_STRICT.length) : source;
  // Fail closed: a helper not registered above would leave a require() of Ajv in a standalone file.
  if (body.includes("require(")) throw new Error(`unhandled Ajv runtime helper in ${label}`);
  file.directive(raw("// @ts-nocheck -- Ajv standalone output; the adapter gives these functions their types.\n/* eslint-disable */"));
  for (const symbol of AJV_IMPORTS) file.importAsIs(symbol);
  if (declined !== undefined) file.write(jsdoc(`Ajv's code: the boolean emitter does not compile ${declined.message}.`));
  file.write(raw(body));
}

/** Ajv's output as module text (for harnesses that load one schema's validator). */
export function toRuntimeModule(source: string, label: string, declined?: LeanUnsupported): string {
  const file = new GeneratedFile("validate.ts", undefined);
  writeAjvModule(file, source, label, declined);
  return file.content;
}

/** Schema paths in events as the spec spells them: `#/output/…`, `#/input/…`; shared definitions keep `#/$defs/…`. */
const specPointer = (pointer: string): string => pointer.replace(/^\/\$defs\/toolgate:/, "/");

type Exports = Readonly<Record<string, string>>;

/**
 * The module for `exports`: our boolean emitter's, or Ajv's standalone code where ours declines. The
 * front end has run Ajv's strict compile on these schemas (TG210), so Ajv runs here only to write code.
 */
function emitModule(tool: ToolIR, path: string, exports: Exports, counted?: ReadonlySet<string>): GeneratedFile | Diagnostic {
  const document = validatorDocument(tool);
  const roots = Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, childPointer("/$defs", key)]));
  const lean = new GeneratedFile(`${outputDirOf(tool)}/${path}`, tool.specPath, "builder");
  const declined = stageTimer("validators:lean", () => writeLeanModule(lean, document, roots, specPointer, counted));
  if (declined === undefined) return lean;
  const beyond = beyondAjv(document);
  if (beyond !== undefined) return diagnostic("TG271", locate(tool, ""), { what: beyond, construct: declined.message });
  const id = `urn:toolgate:${tool.tool}`;
  const source = stageTimer("validators:ajv", () => standaloneSource(document, Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, `${id}#/$defs/${key}`]))));
  const file = new GeneratedFile(`${outputDirOf(tool)}/${path}`, tool.specPath, "wide");
  writeAjvModule(file, source, tool.tool, declined);
  return file;
}

/**
 * `validate.ts`: what the adapter runs on every call (input, and the envelope's or the output's
 * validator, which counts the response's members where its schema allows, lean/countable.ts).
 * `validate-view.ts`: the agent-view validator, loaded only by MCP clients' readers.
 */
export function emitValidators(tool: ToolIR): (GeneratedFile | Diagnostic)[] {
  const response = tool.upstream.envelope ? { validateEnvelope: ROOT_KEYS.envelope } : { validateOutput: ROOT_KEYS.output };
  return [
    emitModule(tool, "validate.ts", { validateInput: ROOT_KEYS.input, ...response }, new Set(Object.keys(response))),
    emitModule(tool, "validate-view.ts", { validateAgentView: ROOT_KEYS.agentView }),
  ];
}

/**
 * What Ajv's code would get wrong in the document, refused rather than emitted: it runs a guarded
 * pattern (TG270) on any length, and it drops a `__proto__` property's schema (a wrong accept).
 */
function beyondAjv(document: Record<string, unknown>): string | undefined {
  let found: string | undefined;
  forEachSchema(document, "", (node) => {
    const patterns = [...(typeof node.pattern === "string" ? [node.pattern] : []), ...(isSchemaObject(node.patternProperties) ? Object.keys(node.patternProperties) : [])];
    const guarded = patterns.find((p) => patternGuard(p) !== undefined);
    if (guarded !== undefined) found ??= `the length guard of pattern ${quote(guarded)}`;
    if (isSchemaObject(node.properties) && Object.hasOwn(node.properties, "__proto__")) found ??= 'the property "__proto__"';
  });
  return found;
}

export const validatorsEmitter: Emitter = {
  name: "validators",
  scope: "tool",
  emit: ({ tool }) => {
    const out = emitValidators(tool);
    return emitted(out.filter((f) => f instanceof GeneratedFile), out.filter((f): f is Diagnostic => !(f instanceof GeneratedFile)));
  },
};
