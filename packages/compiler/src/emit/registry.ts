import { _, join, list, propertyKey, raw, type Code } from "../codegen/code.js";
import { generated, GeneratedFile } from "../codegen/file.js";
import type { ProjectIR } from "../ir/types.js";
import { emitted, type Emitter } from "./emitter.js";
import { INDEX_BINDINGS, toolNames } from "../codegen/names.js";
import { outputDirOf } from "../ir/output-dir.js";

/** `index.ts`: every adapter, eagerly imported, plus dispatch by tool name. */
function eagerRegistry(project: ProjectIR): GeneratedFile {
  const file = new GeneratedFile("index.ts", undefined, "builder");
  const own = {
    adapters: file.name(INDEX_BINDINGS.adapters),
    toolNames: file.name(INDEX_BINDINGS.toolNames),
    isToolName: file.name(INDEX_BINDINGS.isToolName),
  };
  // toolNames() keeps tool bindings off index.ts's own, so each import keeps the name it is re-exported under.
  const tools = project.tools.map((t) => {
    const n = toolNames(t.tool);
    const dir = outputDirOf(t);
    return { tool: t.tool, dir, n, adapter: file.import(generated(`${dir}/adapter.ts`, n.camel.toString())) };
  });
  const routed = tools.filter((_t, i) => project.tools[i]!.upstream.route !== undefined);
  const exportLines = [
    _`export ${list("{", tools.map(({ adapter }) => adapter))};`,
    ...routed.map(({ dir, n }) => _`export { ${n.route} } from ${`./${dir}/adapter.js`};`),
  ];
  file.write(_`${join(exportLines)}
${join(tools.map(({ dir, n }) => _`export type ${list("{", [n.input, n.output, n.agentView, n.result])} from ${`./${dir}/types.js`};`))}

/** Every generated adapter by tool name, for dispatch. */
export const ${own.adapters} = {
  ${join(tools.map(({ tool, adapter }) => _`${propertyKey(tool)}: ${adapter},`))}
} as const;

export type ToolName = keyof typeof ${own.adapters};

export const ${own.toolNames}: readonly ToolName[] = Object.freeze(${list("[", tools.map(({ tool }) => _`${tool}`))});

export function ${own.isToolName}(name: string): name is ToolName {
  return Object.hasOwn(${own.adapters}, name);
}
`);
  return file;
}

/**
 * The folders of the tools whose specs sit in a sub-folder of the specs directory, for lazy.ts's path.
 * A project with none keeps the plain `./<name>/` path (and its bytes).
 */
function lazyFolders(project: ProjectIR): { folders: Code; folderOf: Code } {
  const nested = project.tools.filter((t) => outputDirOf(t) !== t.tool);
  if (nested.length === 0) return { folders: raw(""), folderOf: raw('"./"') };
  const entries = nested.map((t) => _`[${t.tool}, ${`./${outputDirOf(t).slice(0, -t.tool.length - 1)}`}],`);
  return {
    folders: _`

/** The folder of each tool whose spec sits in a sub-folder of the specs directory. */
const folders: ReadonlyMap<string, string> = new Map([
  ${join(entries)}
]);`,
    folderOf: raw('(folders.get(name) ?? ".") + "/"'),
  };
}

/**
 * `lazy.ts`: loads one adapter module on first use, so start-up cost does not grow with the tool
 * count. The names are one array literal and the path is built from a checked name: with 1,000
 * tools that loads in about 2 ms, a name → path object in 4 ms, one `() => import("…")` per tool in
 * 17 ms (bench/). The path is a plain variable, as the table's value was: Vite and Rollup leave such
 * an import to the runtime instead of globbing for `adapter.js` files next to the `.ts` sources.
 */
function lazyRegistry(project: ProjectIR): GeneratedFile {
  const names = project.tools.map((t) => _`${t.tool},`);
  const types = project.tools.map((t) => _`${propertyKey(t.tool)}: (typeof import(${`./${outputDirOf(t)}/adapter.js`}))[${"default"}];`);
  const file = new GeneratedFile("lazy.ts", undefined, "builder");
  const { folders, folderOf } = lazyFolders(project);
  file.write(_`/** Each tool's adapter type; nothing is loaded until loadAdapter asks for it. */
export interface LazyAdapters {
  ${join(types)}
}

export type LazyToolName = keyof LazyAdapters;

export const lazyToolNames: readonly LazyToolName[] = Object.freeze([
  ${join(names)}
]);

const known: ReadonlySet<string> = new Set(lazyToolNames);${folders}

/** Imports only this tool's adapter, validators and selector. Rejects for a name that is not a tool. */
export async function loadAdapter<Name extends LazyToolName>(name: Name): Promise<LazyAdapters[Name]> {
  // Only a generated tool name (\`^[a-z][a-z0-9_]*$\`) ever reaches the path.
  if (!known.has(name)) throw new RangeError("not a generated tool name");
  const path = ${folderOf} + name + "/adapter.js";
  const module = (await import(path)) as { default: LazyAdapters[Name] };
  return module.default;
}
`);
  return file;
}

export const registryEmitter: Emitter = {
  name: "registry",
  scope: "project",
  emit: (project) => emitted(project.tools.length === 0 ? [] : [eagerRegistry(project), lazyRegistry(project)]),
};

