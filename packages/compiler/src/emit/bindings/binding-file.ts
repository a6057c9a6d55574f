import { GeneratedFile, runtime, runtimeType, type ImportSymbol } from "../../codegen/file.js";
import type { Name } from "../../codegen/code.js";
import { toolExport, toolNames } from "../../codegen/names.js";
import type { BindingTarget, ToolIR } from "../../ir/types.js";
import { outputDirOf } from "../../ir/output-dir.js";

/** What every binding module starts from: its file, the tool's own exports, and the runtime's binding core. */
export interface BindingParts {
  readonly file: GeneratedFile;
  /** The exported factory (`buildStatusTool`). */
  readonly factory: Name;
  readonly adapter: Name;
  readonly input: Name;
  /** Imported when asked for, so a binding that does not name it has no unused import. */
  readonly agentView: () => Name;
  /** A sibling definitions.ts export (`mcpTool`, `openaiResponsesTool`, …). */
  readonly definition: (name: string) => Name;
  readonly runTool: Name;
  readonly upstreamFn: Name;
  readonly context: Name;
  readonly agentResult: () => Name;
  /** An export of the framework package, imported by name. */
  readonly framework: (name: string, typeOnly?: boolean) => Name;
}

/** The factory (or, for Anthropic, the definition) each binding module exports: `buildStatusTool`. */
export const bindingFactory = (tool: string): string => `${toolNames(tool).camel}Tool`;

/** `<tool>/bindings/<target>.ts`: a module of its own, so only a user of that framework imports the framework. */
export function bindingParts(tool: ToolIR, target: BindingTarget, frameworkModule: string): BindingParts {
  const n = toolNames(tool.tool);
  const file = new GeneratedFile(`${outputDirOf(tool)}/bindings/${target}.ts`, tool.specPath);
  const sibling = (path: string, name: string | Name, typeOnly = false): Name => file.import(toolExport(outputDirOf(tool), path, name, typeOnly));
  const external = (name: string, typeOnly: boolean): ImportSymbol => ({ from: { module: frameworkModule }, name, typeOnly });
  return {
    file,
    factory: file.name(bindingFactory(tool.tool)),
    adapter: sibling("adapter.ts", n.camel),
    input: sibling("types.ts", n.input, true),
    agentView: () => sibling("types.ts", n.agentView, true),
    definition: (name) => sibling("definitions.ts", name),
    runTool: file.import(runtime("runTool")),
    upstreamFn: file.import(runtimeType("UpstreamFn")),
    context: file.import(runtimeType("ToolgateContext")),
    agentResult: () => file.import(runtimeType("AgentResult")),
    framework: (name, typeOnly = false) => file.import(external(name, typeOnly)),
  };
}
