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

/**
 * `lazy.ts`: loads one adapter module on first use, so start-up cost does not grow with the tool
 * count. A table of paths, not one `() => import("…")` per tool: with 1,000 tools the table loads in
 * 4 ms, the closures in 17 ms (bench/).
 */
function lazyRegistry(project: ProjectIR): EmittedFile {
  const paths = project.tools.map((t) => _`${propertyKey(t.tool)}: ${`./${t.tool}/adapter.js`},`);
  const types = project.tools.map((t) => _`${propertyKey(t.tool)}: (typeof import(${`./${t.tool}/adapter.js`}))[${"default"}];`);
  const content = _`const modules = {
  ${join(paths)}
} as const;

/** Each tool's adapter type; nothing is loaded until loadAdapter asks for it. */
export interface LazyAdapters {
  ${join(types)}
}

export type LazyToolName = keyof LazyAdapters;

export const lazyToolNames = Object.freeze(Object.keys(modules)) as readonly LazyToolName[];

/** Imports only this tool's adapter, validators and selector. Rejects for a name that is not a tool. */
export async function loadAdapter<Name extends LazyToolName>(name: Name): Promise<LazyAdapters[Name]> {
  if (!Object.hasOwn(modules, name)) throw new RangeError("not a generated tool name");
  const module = (await import(modules[name])) as { default: LazyAdapters[Name] };
  return module.default;
}
`;
  return { path: "lazy.ts", content: content.toString(), source: undefined };
}

export const registryEmitter: Emitter = {
  name: "registry",
  emit: (project) => emitted(project.tools.length === 0 ? [] : [eagerRegistry(project), lazyRegistry(project)]),
};

