import { outputDirOf } from "../ir/output-dir.js";
import { _, join, jsdoc, member, Name, propertyKey, raw, type Code } from "../codegen/code.js";
import type { SelectedField, Selection, ToolIR } from "../ir/types.js";
import { GeneratedFile } from "../codegen/file.js";
import { emitted, type Emitter } from "./emitter.js";
import { toolExport, toolNames } from "../codegen/names.js";

/**
 * The agent view as straight-line code: one small function per selected object, each building a NEW
 * object literal from the allowlisted fields. No generic walker, nothing copied by enumeration.
 */

interface Scope {
  readonly file: GeneratedFile;
  readonly bodies: Code[];
  /** The selections of recursive view definitions, and the function each got once rendered. */
  readonly definitions: Readonly<Record<string, Selection>>;
  readonly rendered: Map<string, Name>;
  count: number;
}

const fieldType = (type: Code, key: string): Code => _`NonNullable<${type}[${key}]>`;
const itemType = (type: Code): Code => _`NonNullable<${type}[number]>`;
const memberType = (type: Code): Code => _`NonNullable<${type}[string]>`;

/** The expression copying one selected value from `source`; nested objects get their own function. */
function valueOf(selection: Selection, source: Code, from: Code, to: Code, scope: Scope): Code {
  switch (selection.kind) {
    case "value":
      return source;
    case "object": {
      const name = scope.file.fresh(`select${++scope.count}`);
      renderObject(selection.fields, from, to, name, false, scope);
      return _`${name}(${source})`;
    }
    case "array":
      if (selection.items.kind === "value") return _`${source}.slice()`;
      return _`${source}.map((item) => ${valueOf(selection.items, raw("item"), itemType(from), itemType(to), scope)})`;
    case "map": {
      // Own enumerable members only; fromEntries defines each key, so no name can reach a prototype.
      const inner = valueOf(selection.values, raw("item"), memberType(from), memberType(to), scope);
      return _`Object.fromEntries(Object.entries(${source}).map(([key, item]) => [key, ${inner}]))`;
    }
    case "nullable":
      return _`${source} === null ? null : ${valueOf(selection.value, source, from, to, scope)}`;
    case "ref":
      return _`${definitionFunction(selection.def, from, to, scope)}(${source})`;
  }
}

/**
 * One function per recursive view definition, typed where it is first met: that position's type is
 * the definition's own, so its recursive uses type-check against the same function.
 */
function definitionFunction(def: string, from: Code, to: Code, scope: Scope): Name {
  const known = scope.rendered.get(def);
  if (known !== undefined) return known;
  const name = scope.file.fresh(`select${++scope.count}`);
  scope.rendered.set(def, name);
  const selection = scope.definitions[def];
  if (selection?.kind !== "object") throw new Error(`view definition ${def} is not an object selection`);
  renderObject(selection.fields, from, to, name, false, scope);
  return name;
}

/**
 * `v.key = value`, except for `__proto__`, whose assignment would set v's prototype: that one is
 * defined as an own data member, as the object literal's computed `["__proto__"]` key does.
 */
function assign(key: string, value: Code): Code {
  if (key !== "__proto__") return _`${member(raw("v"), key)} = ${value}`;
  return _`Object.defineProperty(v, ${key}, { value: ${value}, enumerable: true, writable: true, configurable: true })`;
}

// TypeScript reads Object's methods as members of every object literal, so `{}` does not type-check
// as `{ toString?: string }`: an object with such an optional field is asserted to its type instead.
const inheritsOptional = (fields: readonly SelectedField[]): boolean =>
  fields.some((f) => !f.required && f.key !== "__proto__" && Object.hasOwn(Object.prototype, f.key));
const declared = (fields: readonly SelectedField[], to: Code): Code => (inheritsOptional(fields) ? raw("") : _`: ${to}`);
const asserted = (fields: readonly SelectedField[], to: Code): Code => (inheritsOptional(fields) ? _` as ${to}` : raw(""));

function renderObject(fields: readonly SelectedField[], from: Code, to: Code, name: Name, exported: boolean, scope: Scope): void {
  const d = raw("d");
  const copy = (f: SelectedField): Code =>
    valueOf(f.selection, member(d, f.key), fieldType(from, f.key), fieldType(to, f.key), scope);
  const literal = fields.filter((f) => f.required).map((f) => _`${propertyKey(f.key)}: ${copy(f)},`);
  const assigns = fields.filter((f) => !f.required).map((f) => {
    // Own members only: an optional field absent upstream must not be read from a polluted prototype.
    return _`if (Object.hasOwn(d, ${f.key}) && ${member(d, f.key)} !== undefined) ${assign(f.key, copy(f))};`;
  });
  const body = assigns.length === 0
    ? _`return {
      ${join(literal)}
    };`
    : _`const v${declared(fields, to)} = {
      ${join(literal)}
    }${asserted(fields, to)};
    ${join(assigns)}
    return v;`;
  scope.bodies.push(_`${raw(exported ? "export " : "")}function ${name}(d: ${from}): ${to} {
    ${body}
  }`);
}

/** For a response viewed under a root name: the selector from `{ <name>: response }`, which the MCP client applies to a view. */
export const NAMED_ROOT_SELECTOR = "selectNamedRoot";

/**
 * The selector functions of `tool`, to be written into `file`, and the one building the agent view.
 * `exported`: select.ts exports it (and the named-root one) under their public names; the adapter
 * module keeps its own copy private, under names free in that file, so the eager path loads one
 * module less per tool (bench/README.md).
 */
export function selectorCode(tool: ToolIR, file: GeneratedFile, exported: boolean): { readonly select: Name; readonly code: Code } {
  const names = toolNames(tool.tool);
  if (tool.selection.kind !== "object") throw new Error("agent view root must be an object selection");
  const bind = (wanted: string): Name => (exported ? file.name(wanted) : file.fresh(wanted));
  const select = bind("selectAgentView");
  const type = (name: Name): Name => file.import(toolExport(outputDirOf(tool), "types.ts", name, true));
  const scope: Scope = { file, bodies: [], definitions: tool.viewSelections, rendered: new Map(), count: 0 };
  const output = type(names.output);
  const exportKeyword = raw(exported ? "export " : "");
  if (tool.viewRoot === undefined) renderObject(tool.selection.fields, output, type(names.agentView), select, exported, scope);
  else {
    // A non-object response is selected as the one member of an object (front/view-root.ts).
    const inner = bind(NAMED_ROOT_SELECTOR);
    renderObject(tool.selection.fields, _`{ readonly ${propertyKey(tool.viewRoot)}: ${output} }`, type(names.agentView), inner, exported, scope);
    scope.bodies.push(_`${exportKeyword}function ${select}(d: ${output}): ${type(names.agentView)} {
    return ${inner}({ ${propertyKey(tool.viewRoot)}: d });
  }`);
  }
  const doc = jsdoc(`Builds the agent view of ${tool.tool}: a new object with only the agent_view allowlist.\nOnly declared fields are read, at every depth: undeclared members are never copied.`);
  const [main, ...nested] = scope.bodies.reverse();
  const code = _`${doc}
${main}

${join(nested, "\n\n")}
`;
  return { select, code };
}

/** `<tool>/select.ts`: the selector on its own, for code that builds an agent view outside the adapter. */
export function emitSelector(tool: ToolIR): GeneratedFile {
  const file = new GeneratedFile(`${outputDirOf(tool)}/select.ts`, tool.specPath, "builder");
  file.write(selectorCode(tool, file, true).code);
  return file;
}

export const selectorEmitter: Emitter = {
  name: "selector",
  scope: "tool",
  emit: ({ tool }) => emitted([emitSelector(tool)]),
};
