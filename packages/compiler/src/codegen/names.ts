import { isSafeIdentifier, Name } from "./code.js";
import { generated, type ImportSymbol } from "./file.js";

/** Identifiers derived from a tool name (already `^[a-z][a-z0-9_]*$`), so they are always valid. */
const pascal = (tool: string): string =>
  tool.split("_").filter(Boolean).map((part) => part[0]!.toUpperCase() + part.slice(1)).join("");

export interface ToolNames {
  readonly camel: Name;
  /** The HTTP route export of the adapter module (when the spec names an upstream path). */
  readonly route: Name;
  readonly input: Name;
  readonly output: Name;
  readonly agentView: Name;
  readonly result: Name;
}

/**
 * What index.ts declares beside every tool's binding, in one namespace with them: a tool may not be
 * named like these. Every other generated binding is the file's own (codegen/file.ts aliases an
 * import that a declaration already holds).
 */
export const INDEX_BINDINGS = { adapters: "adapters", toolNames: "toolNames", isToolName: "isToolName" } as const;
const INDEX_NAMES: ReadonlySet<string> = new Set(Object.values(INDEX_BINDINGS));

export function toolNames(tool: string): ToolNames {
  const base = pascal(tool);
  const lower = `${base[0]!.toLowerCase()}${base.slice(1)}`;
  // A tool named like a reserved word (`delete`) or an index.ts binding (`adapters`) still gets a usable one.
  const camel = isSafeIdentifier(lower) && !INDEX_NAMES.has(lower) ? lower : `${lower}Tool`;
  return {
    camel: new Name(camel),
    route: new Name(`${camel}Route`),
    input: new Name(`${base}Input`),
    output: new Name(`${base}Output`),
    agentView: new Name(`${base}AgentView`),
    result: new Name(`${base}Result`),
  };
}

/** An export of another of the tool's own files (`<tool>/<path>`), e.g. its types or validators. */
export const toolExport = (tool: string, path: string, name: string | Name, typeOnly = false): ImportSymbol =>
  generated(`${tool}/${path}`, name.toString(), typeOnly);

/** Keys of the schema pool reserved for the tool's roots; hoisted names never contain ':'. */
export const ROOT_KEYS = {
  input: "toolgate:input",
  output: "toolgate:output",
  agentView: "toolgate:agent_view",
  envelope: "toolgate:envelope",
} as const;
