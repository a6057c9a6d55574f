import { Ajv2020, _ } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { jsdoc } from "../codegen/code.js";
import { childPointer } from "../load/pointer.js";
import { SUPPORTED_FORMATS } from "../check/schema-rules.js";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { wholeFile, type GeneratedFile } from "../codegen/file.js";
import type { Emitter } from "./emitter.js";
import { locate } from "../ir/locate.js";
import { envelopeSchema } from "./envelope.js";
import type { LeanUnsupported } from "./lean/context.js";
import { leanValidatorModule } from "./lean/module.js";
import { ROOT_KEYS } from "./names.js";

/** The helpers Ajv's standalone output `require()`s, and the runtime export that replaces each. */
const RUNTIME_HELPERS: readonly [string, string][] = [
  ['require("ajv/dist/runtime/ucs2length").default', "__ucs2length"],
  ['require("ajv/dist/runtime/equal").default', "__equal"],
];

const PRELUDE = [
  "// @ts-nocheck -- Ajv standalone output; the adapter gives these functions their types.",
  "/* eslint-disable */",
  'import { deepEqual as __equal, formats as __formats, ucs2length as __ucs2length } from "@toolgate/runtime";',
  "",
].join("\n");

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: false,
    // A name under properties that a patternProperties pattern also matches gets both schemas: legal
    // 2020-12 that Ajv's strict mode calls a likely mistake, and our validators implement it.
    allowMatchingProperties: true,
    // Every failure reaches the operator (bounded when the event is built), as from our own validators.
    allErrors: true,
    // The operator channel keeps paths and keywords only; message strings would be dead weight.
    messages: false,
    // Own members only: a polluted Object.prototype must never satisfy `required` (TG215 keeps
    // declared names off the prototype's own members, not off what a polluter may add).
    ownProperties: true,
    discriminator: true,
    // One function per definition instead of a copy at every use: smaller modules, faster cold start.
    inlineRefs: false,
    code: { source: true, esm: true, lines: false, optimize: true, formats: _`__formats` },
  });
  // Only the names matter at build time: the generated code calls the runtime's implementations.
  for (const format of SUPPORTED_FORMATS) ajv.addFormat(format, () => true);
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
  const ajv = newAjv();
  ajv.addSchema(document);
  return standaloneCode.default(ajv, exports);
}

/**
 * Ajv's output as a module of ours: every `require()` of an Ajv helper becomes a runtime import.
 * `declined` says which construct made the boolean emitter leave this schema to Ajv.
 */
export function toRuntimeModule(source: string, label: string, declined?: LeanUnsupported): string {
  let module = source;
  for (const [required, replacement] of RUNTIME_HELPERS) module = module.replaceAll(required, replacement);
  // Fail closed: a helper we do not know about would make the file non-standalone.
  if (module.includes("require(")) throw new Error(`unhandled Ajv runtime helper in ${label}`);
  const why = declined === undefined ? "" : `${jsdoc(`Ajv's code: the boolean emitter does not compile ${declined.message}.`)}\n`;
  return why + PRELUDE + module.replace(/^"use strict";/, "");
}

/** Schema paths in events as the spec spells them: `#/output/…`, `#/input/…`; shared definitions keep `#/$defs/…`. */
const specPointer = (pointer: string): string => pointer.replace(/^\/\$defs\/toolgate:/, "/");

type Exports = Readonly<Record<string, string>>;

/** The module for `exports`: our boolean emitter's, or Ajv's standalone code where ours declines. */
function emitModule(tool: ToolIR, path: string, exports: Exports): { file?: GeneratedFile; diagnostics: Diagnostic[] } {
  const id = `urn:toolgate:${tool.tool}`;
  const document = validatorDocument(tool);
  let source: string;
  try {
    // Always compiled: Ajv's strict mode is also the check that the schemas are sound (TG210).
    source = standaloneSource(document, Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, `${id}#/$defs/${key}`])));
  } catch (e) {
    return { diagnostics: [diagnostic("TG210", locate(tool, ""), { detail: e instanceof Error ? e.message : String(e) })] };
  }
  const roots = Object.fromEntries(Object.entries(exports).map(([name, key]) => [name, childPointer("/$defs", key)]));
  const lean = leanValidatorModule(document, roots, specPointer);
  const file = (content: string, wide?: boolean): GeneratedFile => wholeFile(`${tool.tool}/${path}`, tool.specPath, content, wide);
  if (typeof lean === "string") return { file: file(lean), diagnostics: [] };
  return { file: file(toRuntimeModule(source, tool.tool, lean), true), diagnostics: [] };
}

/**
 * `validate.ts`: what the adapter runs on every call (input, and the envelope's or the output's
 * validator). `validate-view.ts`: the agent-view validator, loaded only by MCP clients' readers.
 */
export function emitValidators(tool: ToolIR): { files: GeneratedFile[]; diagnostics: Diagnostic[] } {
  const response = tool.upstream.envelope ? { validateEnvelope: ROOT_KEYS.envelope } : { validateOutput: ROOT_KEYS.output };
  const results = [
    emitModule(tool, "validate.ts", { validateInput: ROOT_KEYS.input, ...response }),
    emitModule(tool, "validate-view.ts", { validateAgentView: ROOT_KEYS.agentView }),
  ];
  return { files: results.flatMap((r) => (r.file ? [r.file] : [])), diagnostics: results.flatMap((r) => r.diagnostics) };
}

export const validatorsEmitter: Emitter = {
  name: "validators",
  scope: "tool",
  emit: ({ tool }) => emitValidators(tool),
};
