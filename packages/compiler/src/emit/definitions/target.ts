import { deepEqual } from "@toolgate/runtime";
import { _, jsdoc, Name, raw, type Code } from "../../codegen/code.js";
import { runtimeType, type GeneratedFile } from "../../codegen/file.js";
import type { DiagnosticCode } from "../../diagnostics/catalog.js";
import { diagnostic, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ToolIR } from "../../ir/types.js";
import { locate } from "../../ir/locate.js";
import type { DialectSchema } from "./dialect/portable.js";
import type { Problem } from "./dialect/problem.js";
import type { SchemaObject } from "../../schema/walk.js";
import { literal } from "../../codegen/literal.js";

/** The tool's schemas as every target starts from them (see dialect/portable.ts). */
export interface ToolSchemas {
  /** The arguments. */
  readonly input: DialectSchema;
  /** The agent view: what a successful call returns to the agent. */
  readonly output: DialectSchema;
}

/** definitions.ts declares the portable schemas once; targets that take them unchanged refer to these. */
export const SHARED = { input: new Name("inputSchema"), output: new Name("outputSchema") } as const;

/** What a target adds to `<tool>/definitions.ts`: statements exporting its definitions, and what it cannot express (TG5xx). */
export interface TargetPart {
  readonly code: Code;
  readonly diagnostics: readonly Diagnostic[];
}

/** One vendor or protocol: its tool-name rule, and how it turns the schemas into its definitions. */
export interface DefinitionTarget {
  /** As diagnostics name it. */
  readonly name: string;
  readonly toolName: RegExp;
  /** Declares its exports and imports what they use through `file`, the tool's definitions.ts. */
  emit(tool: ToolIR, schemas: ToolSchemas, file: GeneratedFile): TargetPart;
}

export const problemDiagnostics = (code: DiagnosticCode, tool: ToolIR, target: string, problems: readonly Problem[]): Diagnostic[] =>
  problems.map((p) => diagnostic(code, locate(tool, p.pointer), { target, detail: p.detail }));

/** A target's own arguments schema as a constant, or the shared one when the target takes it unchanged. */
export function argumentsSchema(file: GeneratedFile, schemas: ToolSchemas, schema: SchemaObject, wanted: string, doc: string): { readonly ref: Code; readonly declaration: Code } {
  if (deepEqual(schema, schemas.input.schema)) return { ref: SHARED.input, declaration: raw("") };
  const name = file.name(wanted);
  return { ref: name, declaration: _`${jsdoc(doc)}
const ${name}: ${file.import(runtimeType("ObjectJsonSchema"))} = ${literal(schema)};
` };
}
