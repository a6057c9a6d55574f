import { compile } from "json-schema-to-typescript";
import type { ToolIR } from "../ir/types.js";
import { emitted, type EmittedFile, type Emitter } from "./emitter.js";
import { ROOT_KEYS, toolNames } from "./names.js";

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
// are noise in a file users read.
const ROOT_DECLARATION = new RegExp(`export interface ${ROOT_NAME} \\{[^}]*\\}\\n`);
const PROVENANCE = new RegExp(`(\\n \\* ?)?\\n \\* This interface was referenced by \`${ROOT_NAME}\`'s JSON-Schema\\n \\* via the \`definition\` "[^"\\n]*"\\.`, "g");
const EMPTY_DOC = /\/\*\*\n \*\/\n/g;

/** TS types for input, output and agent view, declared once over the tool's shared definitions. */
export async function emitTypes(tool: ToolIR): Promise<EmittedFile> {
  const names = toolNames(tool.tool);
  const { $defs: _viewDefs, ...agentView } = tool.agentView;
  const root = {
    $defs: {
      ...tool.defs,
      [ROOT_KEYS.input]: { ...tool.input, title: String(names.input) },
      [ROOT_KEYS.output]: { ...tool.output, title: String(names.output) },
      [ROOT_KEYS.agentView]: { ...agentView, title: String(names.agentView) },
    },
  };
  const declarations = (await compile(root, ROOT_NAME, JSTT_OPTIONS))
    .replace(ROOT_DECLARATION, "")
    .replace(PROVENANCE, "")
    .replace(EMPTY_DOC, "");
  const content = [
    'import type { AgentResult } from "@toolgate/runtime";',
    "",
    declarations,
    `/** What the agent receives from ${tool.tool}: the agent view on success, the fixed failure envelope otherwise. */`,
    `export type ${names.result} = AgentResult<${names.agentView}>;`,
    "",
  ].join("\n");
  return { path: `${tool.tool}/types.ts`, content, source: tool.specPath };
}

export const typesEmitter: Emitter = {
  name: "types",
  async emit(project) {
    return emitted(await Promise.all(project.tools.map(emitTypes)));
  },
};
