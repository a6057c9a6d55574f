import { _, join, jsdoc, list, member, type Code } from "../../codegen/code.js";
import { GeneratedFile, namespace, runtimeType } from "../../codegen/file.js";
import type { ProjectIR } from "../../ir/types.js";
import { toolNames } from "../../codegen/names.js";
import { outputDirOf } from "../../ir/output-dir.js";
import { emitted, type EmitResult } from "../emitter.js";
import { fitAnthropicList } from "./list-limits.js";

// [list, element type, per-tool export, what the list is for]
const LISTS = [
  ["mcpTools", "McpTool", "mcpTool", "A tools/list result's tools."],
  ["openaiChatTools", "OpenAIChatTool", "openaiChatTool", "Chat Completions `tools`."],
  ["openaiResponsesTools", "OpenAIResponsesTool", "openaiResponsesTool", "Responses API `tools`."],
  ["anthropicTools", "AnthropicTool", "anthropicTool", "Messages API `tools`."],
  ["geminiFunctionDeclarations", "GeminiFunctionDeclaration", "geminiFunctionDeclaration", "`tools: [{ functionDeclarations }]`."],
] as const;

/** `definitions.ts`: every tool's definitions per target, in tool-name order (a deterministic tools/list). */
export function emitDefinitionsRegistry(project: ProjectIR): EmitResult {
  const file = new GeneratedFile("definitions.ts", undefined, "builder");
  const names = LISTS.map(([list]) => file.name(list));
  // A tool named like a list (`mcp_tools`) gets its namespace under another name.
  const modules = project.tools.map((t) => file.import(namespace(`${outputDirOf(t)}/definitions.ts`, toolNames(t.tool).camel.toString())));
  const fit = fitAnthropicList(project);
  // A tool the list relaxes is sent as its definition with strict: false (list-limits.ts).
  const item = (ns: Code, exported: string, i: number): Code =>
    exported === "anthropicTool" && fit.relaxed.has(project.tools[i]!.tool) ? _`{ ...${member(ns, exported)}, strict: false }` : member(ns, exported);
  const lists = LISTS.map(([, type, exported, use], i) => {
    const items = modules.map((ns, t) => item(ns, exported, t));
    return _`${jsdoc(use)}
export const ${names[i]}: ${file.import(runtimeType(type))}[] = ${list("[", items)};`;
  });
  file.write(_`${join(lists, "\n\n")}\n`);
  return emitted([file], fit.diagnostics);
}
