import { _, join, jsdoc, member, Name, propertyKey, raw, type Code } from "../codegen/code.js";
import type { SelectedField, Selection, ToolIR } from "../ir/types.js";
import { emitted, type EmittedFile, type Emitter } from "./emitter.js";
import { toolNames } from "./names.js";

/**
 * The agent view as straight-line code: one small function per selected object, each building a NEW
 * object literal from the allowlisted fields. No generic walker, nothing copied by enumeration.
 */

interface Scope {
  readonly bodies: Code[];
  count: number;
}

const fieldType = (type: Code, key: string): Code => _`NonNullable<${type}[${key}]>`;
const itemType = (type: Code): Code => _`NonNullable<${type}[number]>`;

/** The expression copying one selected value from `source`; nested objects get their own function. */
function valueOf(selection: Selection, source: Code, from: Code, to: Code, scope: Scope): Code {
  if (selection.kind === "value") return source;
  if (selection.kind === "object") {
    const name = new Name(`select${++scope.count}`);
    renderObject(selection.fields, from, to, name, false, scope);
    return _`${name}(${source})`;
  }
  if (selection.items.kind === "value") return _`${source}.slice()`;
  const inner = valueOf(selection.items, raw("item"), itemType(from), itemType(to), scope);
  return _`${source}.map((item) => ${inner})`;
}

function renderObject(fields: readonly SelectedField[], from: Code, to: Code, name: Name, exported: boolean, scope: Scope): void {
  const d = raw("d");
  const copy = (f: SelectedField): Code =>
    valueOf(f.selection, member(d, f.key), fieldType(from, f.key), fieldType(to, f.key), scope);
  const literal = fields.filter((f) => f.required).map((f) => _`${propertyKey(f.key)}: ${copy(f)},`);
  const assigns = fields.filter((f) => !f.required).map((f) => {
    // Assigning `__proto__` would set the prototype; the front end rejects that name (TG215).
    if (f.key === "__proto__") throw new Error("reserved key reached the selector emitter");
    return _`if (${member(d, f.key)} !== undefined) ${member(raw("v"), f.key)} = ${copy(f)};`;
  });
  const body = assigns.length === 0
    ? _`return {
      ${join(literal)}
    };`
    : _`const v: ${to} = {
      ${join(literal)}
    };
    ${join(assigns)}
    return v;`;
  scope.bodies.push(_`${raw(exported ? "export " : "")}function ${name}(d: ${from}): ${to} {
    ${body}
  }`);
}

export function emitSelector(tool: ToolIR): EmittedFile {
  const names = toolNames(tool.tool);
  if (tool.selection.kind !== "object") throw new Error("agent view root must be an object selection");
  const scope: Scope = { bodies: [], count: 0 };
  renderObject(tool.selection.fields, names.output, names.agentView, new Name("selectAgentView"), true, scope);
  const doc = jsdoc(`Builds the agent view of ${tool.tool}: a new object with only the agent_view allowlist.\nFields outside the allowlist are never read.`);
  const [main, ...nested] = scope.bodies.reverse();
  const content = _`import type { ${names.agentView}, ${names.output} } from "./types.js";

${doc}
${main}

${join(nested, "\n\n")}
`;
  return { path: `${tool.tool}/select.ts`, content: content.toString(), source: tool.specPath };
}

export const selectorEmitter: Emitter = {
  name: "selector",
  emit: (project) => emitted(project.tools.map(emitSelector)),
};
