import { diagnostic, hasErrors, quote, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { OpenApiImportResult, PlannedFile } from "../openapi/index.js";
import { descriptionOf, mcpSpecText, type ServerInfo } from "./draft.js";
import { nameOf, readListedTool, type ListedTool } from "./tool.js";

export type { ServerInfo } from "./draft.js";

export interface McpImportInput {
  readonly server: ServerInfo;
  /** Every tool of every `tools/list` page, as the server sent them (untrusted). */
  readonly tools: readonly unknown[];
  /** Tool names to import; every tool when empty. */
  readonly only?: readonly string[];
  /** Spec files already in the output directory, by path relative to it (`read_file.yaml`). */
  readonly existing: ReadonlySet<string>;
  /** The output directory as the user named it (POSIX), for the position of a finding about a file in it. */
  readonly out: string;
  /** Replace existing specs. */
  readonly force: boolean;
  /** The output directory relative to the package root (POSIX), for the specs' yaml-language-server modeline. */
  readonly specsDir: string;
}

/** As the OpenAPI import's result (files, report, diagnostics), with which tools were drafted instead of how many. */
export interface McpImportResult extends Omit<OpenApiImportResult, "drafted"> {
  /** The indexes in `tools` of the tools drafted, for the pin. */
  readonly imported: readonly number[];
}

// The tools/list answer has no file; a finding names the tool's place in it.
const at = (index: number) => ({ file: `tools/list[${index}]`, line: 1, column: 1 });

/** Drafts one spec per chosen tool of an MCP server's tools/list: a pure function of its input. */
export function importMcp(input: McpImportInput): McpImportResult {
  const diagnostics: Diagnostic[] = [];
  const chosen = chooseTools(input, diagnostics);
  const files: PlannedFile[] = [];
  const report: string[] = [];
  for (const { tool } of chosen) {
    const path = `${tool.name}.yaml`;
    const shownPath = `${input.out}/${path}`;
    if (input.existing.has(path) && !input.force) diagnostics.push(diagnostic("TG822", { file: shownPath, line: 1, column: 1 }, { file: quote(shownPath) }));
    files.push({ path, content: mcpSpecText(tool, input.server, input.specsDir) });
    report.push(`${path}: ${input.existing.has(path) ? "replaced" : "new"}; decide the TODOs: ${todosOf(tool).join(", ")}`);
  }
  if (hasErrors(diagnostics)) return { files: [], report: [], diagnostics, imported: [] };
  return { files, report, diagnostics, imported: chosen.map((c) => c.index) };
}

const todosOf = (tool: ListedTool): string[] => [...(tool.output === undefined ? ["output"] : []), "agent_view", "checks", "retry", ...(descriptionOf(tool).startsWith("TODO:") ? ["description"] : [])];

/** The tools to draft, in the server's order: valid, named by --tool (if any), each name once. */
function chooseTools(input: McpImportInput, diagnostics: Diagnostic[]): { tool: ListedTool; index: number }[] {
  const only = new Set(input.only ?? []);
  const listedNames = new Set(input.tools.map(nameOf));
  for (const name of only) if (!listedNames.has(name)) diagnostics.push(diagnostic("TG823", at(0), { tool: quote(name) }));
  const chosen = new Map<string, { tool: ListedTool; index: number }>();
  input.tools.forEach((raw, index) => {
    if (only.size > 0 && !only.has(nameOf(raw))) return;
    const skip = (reason: string): void => void diagnostics.push(diagnostic("TG820", at(index), { tool: quote(nameOf(raw)), reason }));
    const tool = readListedTool(raw);
    if ("reason" in tool) return skip(tool.reason);
    if (chosen.has(tool.name)) return skip("the server lists this name twice; the first is imported");
    if (tool.output === undefined) diagnostics.push(diagnostic("TG821", at(index), { tool: quote(tool.name) }));
    chosen.set(tool.name, { tool, index });
  });
  return [...chosen.values()];
}
