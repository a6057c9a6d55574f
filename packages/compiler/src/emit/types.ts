import { compile } from "json-schema-to-typescript";
import { _, escapeUnsafeChars, raw } from "../codegen/code.js";
import { GeneratedFile, runtimeType } from "../codegen/file.js";
import { diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { emitted, type EmitResult, type Emitter } from "./emitter.js";
import { toolNames } from "./names.js";
import { typeInput } from "./type-input.js";
import { typeNaming } from "./type-names.js";

const ROOT_NAME = "ToolgateTypesRoot";

const JSTT_OPTIONS = {
  bannerComment: "",
  // Closed objects get no index signature; explicitly opened ones keep theirs.
  additionalProperties: false,
  unreachableDefinitions: true,
  declareExternallyReferenced: true,
  format: false,
  strictIndexSignatures: true,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  cwd: "/",
  $refOptions: { resolve: { file: false, http: false } },
} as const;

// json-schema-to-typescript names the synthetic root and notes where each definition came from; both
// are noise in a file users read. Each pattern matches only at a line start or a comment's end, which
// description text (always behind jstt's " * " prefix) cannot reach, so removing a match never joins
// user text into code.
const ROOT_DECLARATION = new RegExp(`(?<![^\\n])export interface ${ROOT_NAME} \\{[^}]*\\}\\n`);
const PROVENANCE = new RegExp(`(\\n \\* ?)?\\n \\* This interface was referenced by \`${ROOT_NAME}\`'s JSON-Schema\\n \\* via the \`definition\` "[^"\\n]*"\\.(?=\\n \\*\\/)`, "g");
const EMPTY_DOC = /(?<![^\n])\/\*\*\n \*\/\n/g;

/** TS types for input, output and agent view, declared once over the tool's shared definitions. */
export async function emitTypes(tool: ToolIR): Promise<GeneratedFile> {
  const names = toolNames(tool.tool);
  const { $defs: _viewDefs, ...agentView } = tool.agentView;
  const naming = typeNaming(names);
  const root = naming.root(tool.defs, { input: tool.input, output: tool.output, agentView });
  // jstt writes literals with JSON.stringify and copies descriptions verbatim, so characters no
  // source file can hold verbatim (U+2028/U+2029, lone surrogates) are escaped here.
  const declarations = escapeUnsafeChars(await compile(typeInput(root), ROOT_NAME, { ...JSTT_OPTIONS, customName: naming.customName }))
    .replace(ROOT_DECLARATION, "")
    .replace(PROVENANCE, "")
    .replace(EMPTY_DOC, "");
  const file = new GeneratedFile(`${tool.tool}/types.ts`, tool.specPath);
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
