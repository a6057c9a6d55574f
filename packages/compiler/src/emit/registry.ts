import { _, join, propertyKey } from "../codegen/code.js";
import type { ProjectIR } from "../ir/types.js";
import { emitted, type EmittedFile, type Emitter } from "./emitter.js";
import { toolNames } from "./names.js";

/** `index.ts`: every adapter, eagerly imported, plus dispatch by tool name. */
function eagerRegistry(project: ProjectIR): EmittedFile {
  const tools = project.tools.map((t) => ({ tool: t.tool, n: toolNames(t.tool) }));
  const content = _`${join(tools.map(({ tool, n }) => _`import { ${n.camel} } from ${`./${tool}/adapter.js`};`))}

export { ${join(tools.map(({ n }) => _`${n.camel},`), " ")} };
${join(tools.map(({ tool, n }) => _`export type { ${n.input}, ${n.output}, ${n.agentView}, ${n.result} } from ${`./${tool}/types.js`};`))}

/** Every generated adapter by tool name, for dispatch. */
export const adapters = {
  ${join(tools.map(({ tool, n }) => _`${propertyKey(tool)}: ${n.camel},`))}
} as const;

export type ToolName = keyof typeof adapters;

export const toolNames: readonly ToolName[] = Object.freeze([${join(tools.map(({ tool }) => _`${tool}`), ", ")}]);

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(adapters, name);
}
`;
  return { path: "index.ts", content: content.toString(), source: undefined };
}

/** `lazy.ts`: loads one adapter module on first use, so start-up cost does not grow with the tool count. */
function lazyRegistry(project: ProjectIR): EmittedFile {
  const loaders = project.tools.map((t) => {
    const n = toolNames(t.tool);
    return _`${propertyKey(t.tool)}: () => import(${`./${t.tool}/adapter.js`}).then((m) => m.${n.camel}),`;
  });
  const content = _`/** Loaders by tool name; each imports only that tool's adapter, validators and selector. */
export const loaders = {
  ${join(loaders)}
} as const;

export type LazyToolName = keyof typeof loaders;

export function loadAdapter<Name extends LazyToolName>(name: Name): ReturnType<(typeof loaders)[Name]> {
  return loaders[name]() as ReturnType<(typeof loaders)[Name]>;
}
`;
  return { path: "lazy.ts", content: content.toString(), source: undefined };
}

export const registryEmitter: Emitter = {
  name: "registry",
  emit: (project) => emitted(project.tools.length === 0 ? [] : [eagerRegistry(project), lazyRegistry(project)]),
};

