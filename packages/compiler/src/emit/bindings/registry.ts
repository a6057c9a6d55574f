import { _, join, jsdoc, list, member, propertyKey, raw, type Code, type Name } from "../../codegen/code.js";
import { GeneratedFile, namespace, runtime, runtimeType } from "../../codegen/file.js";
import { toolNames } from "../../codegen/names.js";
import type { BindingTarget, ProjectIR, ToolIR } from "../../ir/types.js";
import { outputDirOf } from "../../ir/output-dir.js";
import { fitAnthropicList } from "../definitions/list-limits.js";
import { emitted, type Emitter } from "../emitter.js";
import { RUN_TOOL_USE } from "./anthropic.js";
import { bindingFactory } from "./binding-file.js";

/** One tool of a registry file: its name, and its binding module imported as a namespace. */
interface Bound {
  readonly tool: string;
  readonly module: Name;
}

/** What a framework's collection is built from: the file, its tools, the upstreams type and the context type. */
interface RegistryParts {
  readonly file: GeneratedFile;
  readonly tools: readonly Bound[];
  readonly upstreams: Name;
  readonly context: Name;
  /** Tools definitions.ts sends with `strict: false` to stay within Anthropic's per-request limits. */
  readonly relaxed: ReadonlySet<string>;
}

const factoryOf = (b: Bound): Code => member(b.module, bindingFactory(b.tool));
/** Each tool's own factory call with its upstream from the map: `buildStatus.buildStatusTool(upstreams.build_status, context)`. */
const built = (b: Bound): Code => _`${factoryOf(b)}(${member(raw("upstreams"), b.tool)}, context)`;
const signature = (p: RegistryParts): Code => _`upstreams: ${p.upstreams}, context?: ${p.context}`;

/** AI SDK: a `ToolSet` object by tool name, each entry keeping its own tool type. */
function aiSdkCollection(p: RegistryParts): Code {
  const toolSet = p.file.import({ from: { module: "ai" }, name: "ToolSet", typeOnly: true });
  const entries = p.tools.map((b) => _`${propertyKey(b.tool)}: ${built(b)}`);
  return _`${jsdoc("The AI SDK tools by name: `generateText({ tools: aiSdkTools(upstreams) })`.")}
export function ${p.file.name("aiSdkTools")}(${signature(p)}) {
  return ${list("{", entries)} satisfies ${toolSet};
}`;
}

/** A framework whose collection is an array of each tool's factory result, typed by the framework. */
function arrayCollection(module: string, type: string, name: string, use: string) {
  return (p: RegistryParts): Code => {
    const element = p.file.import({ from: { module }, name: type, typeOnly: true });
    return _`${jsdoc(`The ${type}[] of every tool, in tool-name order: ${use}.`)}
export function ${p.file.name(name)}(${signature(p)}): ${element}[] {
  return ${list("[", p.tools.map(built))};
}`;
  };
}

/** Anthropic: the `tools` list, and a dispatcher from a `tool_use` block to its tool's `tool_result`. */
function anthropicCollection(p: RegistryParts): Code {
  const framework = (name: string): Name => p.file.import({ from: { module: "@anthropic-ai/sdk/resources/messages" }, name, typeOnly: true });
  const [toolType, toolUse, toolResult] = [framework("Tool"), framework("ToolUseBlock"), framework("ToolResultBlockParam")];
  const cases = p.tools.map((b) => _`case ${b.tool}: return ${member(b.module, RUN_TOOL_USE)}(block, ${member(raw("upstreams"), b.tool)}, context);`);
  const tools = p.file.name("anthropicTools");
  const unknownTool = p.file.import(runtime("anthropicUnknownTool"));
  // The same relaxation as definitions.ts: this list is a subset of that one, so it stays within the limits too.
  const entry = (b: Bound): Code => (p.relaxed.has(b.tool) ? _`{ ...${factoryOf(b)}, strict: false }` : factoryOf(b));
  return _`${jsdoc("The Messages API `tools`, in tool-name order.")}
export const ${tools}: ${toolType}[] = ${list("[", p.tools.map(entry))};

${jsdoc(`Runs a tool_use block with its tool's binding and returns the tool_result block to send back.\nA name that is not one of ${tools} (a model can name any tool) gets an is_error tool_result with a fixed text.`)}
export async function ${p.file.name("runAnthropicToolUse")}(block: Pick<${toolUse}, "id" | "name" | "input">, ${signature(p)}): Promise<${toolResult}> {
  switch (block.name) {
    ${join(cases)}
    default: return ${unknownTool}(block.id);
  }
}`;
}

/** A framework's collection, the name of its upstreams type, and the type of one tool's upstream function. */
interface Framework {
  readonly collection: (p: RegistryParts) => Code;
  readonly upstreams: string;
  readonly upstreamOf: (b: Bound) => Code;
}

const factoryUpstream = (b: Bound): Code => _`Parameters<typeof ${factoryOf(b)}>[0]`;

const FRAMEWORKS: Readonly<Record<BindingTarget, Framework>> = {
  "ai-sdk": { collection: aiSdkCollection, upstreams: "AiSdkUpstreams", upstreamOf: factoryUpstream },
  anthropic: { collection: anthropicCollection, upstreams: "AnthropicUpstreams", upstreamOf: (b) => _`Parameters<typeof ${member(b.module, RUN_TOOL_USE)}>[1]` },
  langchain: { collection: arrayCollection("@langchain/core/tools", "StructuredTool", "langchainTools", "`model.bindTools(tools)`"), upstreams: "LangChainUpstreams", upstreamOf: factoryUpstream },
  "openai-agents": { collection: arrayCollection("@openai/agents", "Tool", "openaiAgentsTools", "`new Agent({ tools })`"), upstreams: "OpenAIAgentsUpstreams", upstreamOf: factoryUpstream },
};

/** `bindings/<target>.ts`: the framework's tool collection for every tool whose spec lists it, by tool name. */
function registryFile(target: BindingTarget, tools: readonly ToolIR[], relaxed: ReadonlySet<string>): GeneratedFile {
  const file = new GeneratedFile(`bindings/${target}.ts`, undefined, "builder");
  const framework = FRAMEWORKS[target];
  const upstreams = file.name(framework.upstreams);
  const bound = tools.map((t) => ({ tool: t.tool, module: file.import(namespace(`${outputDirOf(t)}/bindings/${target}.ts`, toolNames(t.tool).camel.toString())) }));
  const fields = bound.map((b) => _`readonly ${propertyKey(b.tool)}: ${framework.upstreamOf(b)};`);
  const parts = { file, tools: bound, upstreams, context: file.import(runtimeType("ToolgateContext")), relaxed };
  file.write(_`${jsdoc(`The upstream function of each tool whose spec lists ${target}, by tool name.`)}
export interface ${upstreams} {
  ${join(fields)}
}

${framework.collection(parts)}
`);
  return file;
}

/** One `bindings/<framework>.ts` per framework at least one spec lists; none when no spec lists any. */
export const bindingListsEmitter: Emitter = {
  name: "binding-lists",
  scope: "project",
  emit: (project: ProjectIR) => {
    const targets = (Object.keys(FRAMEWORKS) as BindingTarget[]).filter((target) => project.tools.some((t) => t.bindings.includes(target)));
    const relaxed = targets.includes("anthropic") ? fitAnthropicList(project).relaxed : new Set<string>();
    return emitted(targets.map((target) => registryFile(target, project.tools.filter((t) => t.bindings.includes(target)), relaxed)));
  },
};
