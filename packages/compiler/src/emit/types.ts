import { outputDirOf } from "../ir/output-dir.js";
import { compile } from "json-schema-to-typescript";
import * as typescript from "prettier/plugins/typescript";
import { _, escapeUnsafeChars, raw } from "../codegen/code.js";
import { GeneratedFile, runtimeType } from "../codegen/file.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { childPointer } from "../load/pointer.js";
import type { SchemaObject } from "../schema/walk.js";
import { emitted, type EmitResult, type Emitter } from "./emitter.js";
import { toolNames } from "../codegen/names.js";
import { typeInput } from "./type-input.js";
import { typeNaming } from "./type-names.js";

const ROOT_NAME = "ToolgateTypesRoot";

const JSTT_OPTIONS = {
  bannerComment: "",
  // Closed objects get no index signature; explicitly opened ones keep theirs.
  additionalProperties: false,
  declareExternallyReferenced: true,
  format: false,
  strictIndexSignatures: true,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  cwd: "/",
  $refOptions: { resolve: { file: false, http: false } },
} as const;

/**
 * The synthetic root names every definition in an `anyOf`, so jstt declares each one as reachable
 * (no "referenced by" provenance notes, which `unreachableDefinitions` would add to every type).
 * jstt always declares the root itself first; that one declaration, found by parsing the output, is
 * left out: it is no type users need.
 */
const rootOf = (schema: SchemaObject): SchemaObject => ({
  ...schema,
  anyOf: Object.keys(schema.$defs as object).map((key) => ({ $ref: `#${childPointer("/$defs", key)}` })),
});

interface Statement {
  readonly type: string;
  readonly range?: readonly [number, number];
  readonly declaration?: { readonly id?: { readonly name?: string } };
}
// Prettier's TypeScript parser, already loaded for formatting; only statements' kinds and ranges are read.
const parseStatements = typescript.parsers.typescript.parse as unknown as (text: string) => Promise<{ readonly body: readonly Statement[] }>;

async function withoutRoot(declarations: string): Promise<string> {
  const [first] = (await parseStatements(declarations)).body;
  const name = first?.type === "ExportNamedDeclaration" ? first.declaration?.id?.name : undefined;
  if (name !== ROOT_NAME || first?.range === undefined) throw new Error("json-schema-to-typescript did not declare the synthetic root first");
  return declarations.slice(first.range[1]).trimStart();
}

/** TS types for input, output and agent view, declared once over the tool's shared definitions. */
export async function emitTypes(tool: ToolIR): Promise<GeneratedFile> {
  const names = toolNames(tool.tool);
  const { $defs: _viewDefs, ...agentView } = tool.agentView;
  const naming = typeNaming(names);
  const root = naming.root(tool.defs, { input: tool.input, output: tool.output, agentView });
  // jstt writes literals with JSON.stringify and copies descriptions verbatim, so characters no
  // source file can hold verbatim (U+2028/U+2029, lone surrogates) are escaped here.
  const generated = await compile(rootOf(typeInput(root)), ROOT_NAME, { ...JSTT_OPTIONS, customName: naming.customName });
  const declarations = escapeUnsafeChars(await withoutRoot(generated));
  const file = new GeneratedFile(`${outputDirOf(tool)}/types.ts`, tool.specPath);
  const result = file.name(names.result);
  file.write(raw(declarations));
  file.write(raw(`/** What the agent receives from ${tool.tool}: the agent view on success, the fixed failure envelope otherwise. */`));
  file.write(_`export type ${result} = ${file.import(runtimeType("AgentResult"))}<${names.agentView}>;\n`);
  return file;
}

/** Should jstt still throw on some valid schema: TG241 (a generator's limit, not a schema error), never a crash. */
async function typesOrDiagnostic(tool: ToolIR): Promise<EmitResult> {
  try {
    return emitted([await emitTypes(tool)]);
  } catch (e) {
    return emitted([], [diagnostic("TG241", locate(tool, ""), { detail: e instanceof Error ? e.message : String(e) })]);
  }
}

export const typesEmitter: Emitter = {
  name: "types",
  scope: "tool",
  emit: ({ tool }) => typesOrDiagnostic(tool),
};
