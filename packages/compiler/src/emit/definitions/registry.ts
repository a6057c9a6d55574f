import { _, join, jsdoc, Name } from "../../codegen/code.js";
import type { ProjectIR } from "../../ir/types.js";
import type { EmittedFile } from "../emitter.js";
import { toolNames } from "../names.js";

// [list, element type, per-tool export, what the list is for]
const LISTS = [
  ["mcpTools", "McpTool", "mcpTool", "A tools/list result's tools."],
  ["openaiChatTools", "OpenAIChatTool", "openaiChatTool", "Chat Completions `tools`."],
  ["openaiResponsesTools", "OpenAIResponsesTool", "openaiResponsesTool", "Responses API `tools`."],
  ["anthropicTools", "AnthropicTool", "anthropicTool", "Messages API `tools`."],
  ["geminiFunctionDeclarations", "GeminiFunctionDeclaration", "geminiFunctionDeclaration", "`tools: [{ functionDeclarations }]`."],
] as const;

/** `definitions.ts`: every tool's definitions per target, in tool-name order (a deterministic tools/list). */
export function emitDefinitionsRegistry(project: ProjectIR): EmittedFile {
  const modules = project.tools.map((t) => ({ tool: t.tool, ns: toolNames(t.tool).camel }));
  const lists = LISTS.map(([list, type, member, use]) => {
    const items = modules.map(({ ns }) => _`${ns}.${new Name(member)}`);
    return _`${jsdoc(use)}
export const ${new Name(list)}: ${new Name(type)}[] = [${join(items, ", ")}];`;
  });
  const content = _`import type { ${join(LISTS.map(([, type]) => new Name(type)), ", ")} } from "@toolgate/runtime";
${join(modules.map(({ tool, ns }) => _`import * as ${ns} from ${`./${tool}/definitions.js`};`))}

${join(lists, "\n\n")}
`;
  return { path: "definitions.ts", content: content.toString(), source: undefined };
}
