import { outputDirOf } from "../ir/output-dir.js";
import { createRequire } from "node:module";
import { _ as ajvCode, type Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { _, join, jsdoc, Name, raw } from "../codegen/code.js";
import { childPointer } from "../load/pointer.js";
import { newAjv } from "../check/ajv-options.js";
import type { ToolIR } from "../ir/types.js";
import { generated, GeneratedFile, runtime } from "../codegen/file.js";
import { emittedEach, type Emitter } from "./emitter.js";
import { envelopeSchema } from "./envelope.js";
import type { LeanUnsupported } from "./lean/context.js";
import { canHostLean, writeLeanModule } from "./lean/module.js";
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
const RUNTIME_HELPERS: readonly [unknown, ReturnType<typeof ajvCode>][] = [
  [ajvHelper("ucs2length"), ajvCode`__ucs2length`],
  [ajvHelper("equal"), ajvCode`__equal`],
];

const USE_STRICT = '"use strict";';

// Ajv's code calls its helpers by the names registered above and the formats object as `__formats`.
const AJV_IMPORTS = [
  { ...runtime("deepEqual"), local: "__equal" },
  { ...runtime("formats"), local: "__formats" },
  { ...runtime("ucs2length"), local: "__ucs2length" },
];

function emitterAjv(): Ajv2020 {
  const ajv = newAjv({ source: true, esm: true, lines: false, optimize: true, formats: ajvCode`__formats` });
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
  const lean = new GeneratedFile(`${outputDirOf(tool)}/${path}`, tool.specPath, "builder");
  const declined = writeLean(tool, lean, exports, counted);
  return declined === undefined ? lean : ajvModule(tool, path, exports, declined);
}

/** Our boolean emitter's module for `exports`, written into `file`; the reason when it declines. */
function writeLean(tool: ToolIR, file: GeneratedFile, exports: Exports, counted?: ReadonlySet<string>): LeanUnsupported | undefined {
  const roots = Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, childPointer("/$defs", key)]));
  return stageTimer("validators:lean", () => writeLeanModule(file, validatorDocument(tool), roots, specPointer, counted));
}

/** Ajv's standalone module for `exports`, where ours declined; TG271 where Ajv's code would be wrong. */
function ajvModule(tool: ToolIR, path: string, exports: Exports, declined: LeanUnsupported): GeneratedFile | Diagnostic {
  const document = validatorDocument(tool);
  const beyond = beyondAjv(document);
  if (beyond !== undefined) return diagnostic("TG271", locate(tool, ""), { what: beyond, construct: declined.message });
  const id = `urn:toolgate:${tool.tool}`;
  const source = stageTimer("validators:ajv", () => standaloneSource(document, Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, `${id}#/$defs/${key}`]))));
  const file = new GeneratedFile(`${outputDirOf(tool)}/${path}`, tool.specPath, "wide");
  writeAjvModule(file, source, tool.tool, declined);
  return file;
}

/** The response validator's export name: the envelope's, or the output's. */
const responseExport = (tool: ToolIR): Exports =>
  tool.upstream.envelope ? { validateEnvelope: ROOT_KEYS.envelope } : { validateOutput: ROOT_KEYS.output };

/** What the adapter runs on every call, and validate.ts exports: the input's validator and the response's. */
export interface AdapterValidators {
  /** validate.ts, or why it could not be written (TG271). */
  readonly validate: GeneratedFile | Diagnostic;
  /** The adapter's bindings of validateInput and the response validator (the latter counts members where its schema allows, lean/countable.ts). */
  readonly input: Name;
  readonly response: Name;
}

/**
 * The adapter's validators. Where our emitter compiles them they live in the adapter module itself,
 * so a tool loads as one module (a 1,000-tool cold start about a fifth faster, bench/README.md), and
 * validate.ts re-exports them for other importers. Otherwise (Ajv's code, or a tool whose names the
 * validators' code spells) validate.ts holds them and the adapter imports them from it.
 */
export function adapterValidators(tool: ToolIR, adapter: GeneratedFile): AdapterValidators {
  const response = responseExport(tool);
  const exports = { validateInput: ROOT_KEYS.input, ...response };
  const counted = new Set(Object.keys(response));
  const [responseName] = Object.keys(response) as [string];
  const hosts = canHostLean(adapter, exports);
  const declined = hosts ? writeLean(tool, adapter, exports, counted) : undefined;
  if (hosts && declined === undefined) {
    return { validate: reexport(tool, Object.keys(exports)), input: new Name("validateInput"), response: new Name(responseName) };
  }
  const validate = declined === undefined ? emitModule(tool, "validate.ts", exports, counted) : ajvModule(tool, "validate.ts", exports, declined);
  const from = (name: string): Name => adapter.import(generated(`${outputDirOf(tool)}/validate.ts`, name));
  return { validate, input: from("validateInput"), response: from(responseName) };
}

/** validate.ts as the adapter's validators under their own names. */
function reexport(tool: ToolIR, names: readonly string[]): GeneratedFile {
  const file = new GeneratedFile(`${outputDirOf(tool)}/validate.ts`, tool.specPath, "builder");
  const locals = names.map((name) => file.import(generated(`${outputDirOf(tool)}/adapter.ts`, name)));
  file.write(_`${jsdoc("The tool's validators; their code lives in adapter.ts, so the adapter loads as one module.")}
export { ${join(locals, ", ")} };
`);
  return file;
}

/** `validate-view.ts`: the agent-view validator, loaded only by MCP clients' readers. */
export const emitViewValidator = (tool: ToolIR): GeneratedFile | Diagnostic =>
  emitModule(tool, "validate-view.ts", { validateAgentView: ROOT_KEYS.agentView });

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
  // validate.ts comes with the adapter (adapterValidators), which may hold its code.
  emit: ({ tool }) => emittedEach([emitViewValidator(tool)]),
};
