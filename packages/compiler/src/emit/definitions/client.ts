import { outputDirOf } from "../../ir/output-dir.js";
import { _, entry, jsdoc, type Name } from "../../codegen/code.js";
import { GeneratedFile, runtime, runtimeType } from "../../codegen/file.js";
import type { CheckIR, FieldPath, Selection, ToolIR } from "../../ir/types.js";
import { bindFn, errorTable, operationLine, semanticFn } from "../adapter.js";
import { toolExport, toolNames } from "../../codegen/names.js";
import { NAMED_ROOT_SELECTOR } from "../select.js";

/** Whether the agent view holds the value at `path` of the output (a whole selected value holds its insides). */
function inView(selection: Selection, path: FieldPath): boolean {
  if (selection.kind === "value") return true;
  const [key, ...rest] = path;
  if (key === undefined || selection.kind !== "object") return false;
  const field = selection.fields.find((f) => f.key === key);
  return field !== undefined && inView(field.selection, rest);
}

/**
 * The checks a client can run on the agent view: bind and fresh checks on fields the view holds.
 * Hooks and checks of fields outside the view need the upstream's output, which only the server has.
 */
export function clientChecks(tool: ToolIR): CheckIR[] {
  return tool.checks.filter((c) => (c.kind === "bind" ? inView(tool.selection, c.output) : c.kind === "fresh" && inView(tool.selection, c.field)));
}

/**
 * `<tool>/client.ts`: the typed consumer side of an MCP call, for a client that does not trust the
 * server. It reads a `CallToolResult` as the adapter reads upstream bytes (limits, strict parse, the
 * precompiled agent-view validator, the view's binding and freshness checks, the selector), so a
 * client never depends on its SDK having run `tools/list` (SDK 1.x validates nothing without it).
 */
export function emitClient(tool: ToolIR): GeneratedFile {
  const n = toolNames(tool.tool);
  const file = new GeneratedFile(`${outputDirOf(tool)}/client.ts`, tool.specPath, "builder");
  const [contract, readResult] = [file.name("contract"), file.name("readResult")];
  const sibling = (path: string, name: string | Name, typeOnly = false): Name => file.import(toolExport(outputDirOf(tool), path, name, typeOnly));
  const [input, agentView] = [sibling("types.ts", n.input, true), sibling("types.ts", n.agentView, true)];
  const checks = clientChecks(tool);
  const skipped = tool.checks.filter((c) => !checks.includes(c)).map((c) => c.id);
  file.write(_`const ${contract}: ${file.import(runtimeType("ToolResultContract"))}<${input}, ${agentView}> = {
  tool: ${tool.tool},
  version: ${tool.version},
  specHash: ${tool.specHash},
  limits: { maxBytes: ${tool.limits.maxBytes}, maxDepth: ${tool.limits.maxDepth} },
  errors: ${errorTable(tool, file)},
  retryClass: ${tool.retry.class},${operationLine(tool)}
  ${entry("validateAgentView", sibling("validate-view.ts", "validateAgentView"))},
  bind: ${bindFn(checks, file)},
  semantic: ${semanticFn(checks, file)},
  // The selector reads only agent-view paths, which a validated view holds where the output does.
  select: ${sibling("select.ts", tool.viewRoot === undefined ? "selectAgentView" : NAMED_ROOT_SELECTOR)} as (view: ${agentView}) => ${agentView},
};

${jsdoc(`Reads the MCP CallToolResult of a ${tool.tool} call whose arguments were \`args\`, as the adapter reads
upstream bytes: the typed agent view, or the failure envelope rebuilt from this tool's error table
(INVALID_RESPONSE for anything else). One operator event per read goes to \`context.onEvent\`.${skipped.length > 0 ? `\nChecks that need the upstream's output run on the server only: ${skipped.join(", ")}.` : ""}`)}
export function ${readResult}(result: unknown, args: ${input}, context?: ${file.import(runtimeType("ToolgateContext"))}): ${file.import(runtimeType("AgentResult"))}<${agentView}> {
  return ${file.import(runtime("readCallToolResult"))}(result, ${contract}, args, context);
}
`);
  return file;
}
