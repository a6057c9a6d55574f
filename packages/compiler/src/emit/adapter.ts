import { outputDirOf } from "../ir/output-dir.js";
import { _, entry, join, jsdoc, member, Name, propertyKey, raw, type Code } from "../codegen/code.js";
import { GeneratedFile, namespace, runtime } from "../codegen/file.js";
import type { CheckIR, FieldPath, RouteIR, ToolIR } from "../ir/types.js";
import { emittedEach, type Emitter, type ToolInput } from "./emitter.js";
import { toolExport, toolNames } from "../codegen/names.js";
import { selectorCode } from "./select.js";
import { adapterValidators } from "./validators.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

/**
 * `ownMember(ownMember(output, "a"), "b")`: checks and routes read own members only, so a polluted
 * Object.prototype can neither satisfy a binding nor become a path segment.
 */
function access(file: GeneratedFile, root: string, path: FieldPath): Code {
  if (path.length === 0) return raw(root);
  const ownMember = file.import(runtime("ownMember"));
  return path.reduce<Code>((code, key) => _`${ownMember}(${code}, ${key})`, raw(root));
}

/** The forbidden names the output declares, only when there are any (every other adapter stays as it was). */
const declaredKeys = (tool: ToolIR): Code =>
  tool.limits.declaredForbiddenKeys.length === 0 ? raw("") : _`, declaredForbiddenKeys: ${tool.limits.declaredForbiddenKeys}`;

export function bindFn(checks: readonly CheckIR[], file: GeneratedFile): Code {
  const binds = checks.flatMap((c) =>
    c.kind === "bind" ? [_`if (${access(file, "output", c.output)} !== ${access(file, "input", c.input)}) return ${c.id};`] : [],
  );
  if (binds.length === 0) return raw("() => undefined");
  return _`(output, input) => {
    ${join(binds)}
    return undefined;
  }`;
}

const hooksOf = (file: GeneratedFile, hooksModule: string | undefined) => (): Code =>
  hooksModule === undefined ? raw("hooks") : file.import(namespace(hooksModule, "hooks"));

type AsyncHook = Extract<CheckIR, { kind: "hook" }> & { readonly budgetMs: number };
const asyncHooks = (checks: readonly CheckIR[]): AsyncHook[] =>
  checks.filter((c): c is AsyncHook => c.kind === "hook" && c.budgetMs !== undefined);

/** The `asyncChecks` entry of a tool with async hooks, in spec order; nothing for every other tool. */
function asyncChecksEntry(checks: readonly AsyncHook[], file: GeneratedFile, hooksModule: string | undefined): Code {
  if (checks.length === 0) return raw("");
  const hooks = hooksOf(file, hooksModule);
  const entries = checks.map((c) => _`{ id: ${c.id}, budgetMs: ${c.budgetMs}, run: ${member(hooks(), c.name)} },`);
  return _`
  asyncChecks: [
    ${join(entries)}
  ],`;
}

/** `hooksModule` names the user's hooks module; without one, a hook check stops the compile (TG313) before output. */
export function semanticFn(checks: readonly CheckIR[], file: GeneratedFile, hooksModule?: string): Code {
  const hooks = hooksOf(file, hooksModule);
  const lines = checks.flatMap((c, i): Code[] => {
    if (c.kind === "fresh") {
      const at = new Name(`observedAt${i}`);
      return [
        _`const ${at} = ${file.import(runtime("parseDateTime"))}(${access(file, "output", c.field)});`,
        _`if (!(${at} >= now - ${c.maxAgeMs} && ${at} <= now + ${c.maxFutureMs})) return ${c.id};`,
      ];
    }
    // An async hook runs later, under its budget (see asyncChecks).
    if (c.kind === "hook" && c.budgetMs === undefined) return [_`if (${member(hooks(), c.name)}(output, input) !== true) return ${c.id};`];
    return [];
  });
  if (lines.length === 0) return raw("() => undefined");
  return _`(output, input, now) => {
    ${join(lines)}
    return undefined;
  }`;
}

/** `"/reviews/" + pathSegment(input.change_id)`: literal text as data, each field one encoded segment. */
function routeFn(route: RouteIR, inputType: Code, file: GeneratedFile): Code {
  const segment = (field: FieldPath): Code => _`${file.import(runtime("pathSegment"))}(${access(file, "input", field)})`;
  const parts = route.segments.map((s) => ("field" in s ? segment(s.field) : _`${s.text}`));
  return _`(input: ${inputType}): string => ${join(parts, " + ")}`;
}

/** `<tool>Route`: the operation, method and path builder of an HTTP upstream, when the spec names a path. */
function routeExport(tool: ToolIR, name: Name, inputType: Code, file: GeneratedFile): Code {
  const route = tool.upstream.route;
  if (!route) return raw("");
  const doc = jsdoc(`${route.method} ${route.path}${tool.upstream.operation ? ` (operation ${tool.upstream.operation})` : ""}: each {field} is one percent-encoded path segment.`);
  return _`
${doc}
export const ${name} = {
  operation: ${tool.upstream.operation},
  method: ${route.method},
  pathFor: ${routeFn(route, inputType, file)},
} as const;
`;
}

/** `operation: "create_deployment",` when the spec names one (inspect_outcome errors carry it). */
export const operationLine = (tool: ToolIR): Code => (tool.upstream.operation === undefined ? raw("") : _`\n  operation: ${tool.upstream.operation},`);

/** Catalog codes by name (their wording lives in the runtime), tool-specific ones in full. */
export function errorTable(tool: ToolIR, file: GeneratedFile): Code {
  const table = file.import(runtime("errorTable"));
  const catalog = tool.errors.filter((e) => e.catalog).map((e) => e.code);
  const custom = tool.errors.filter((e) => !e.catalog);
  if (custom.length === 0) return _`${table}(${catalog}, ${tool.retry.class})`;
  const entries = custom.map((e) => _`${propertyKey(e.code)}: { action: ${e.action}, retryable: ${e.retryable}, message: ${e.message} },`);
  return _`${table}(${catalog}, ${tool.retry.class}, {
    ${join(entries)}
  })`;
}

/**
 * `<tool>/adapter.ts`: the tool's validators (or their import), adapter and selector, and its route
 * when the spec names an upstream path; and `<tool>/validate.ts`.
 */
export function emitAdapter({ tool, hooksModule }: ToolInput): (GeneratedFile | Diagnostic)[] {
  const n = toolNames(tool.tool);
  const file = new GeneratedFile(`${outputDirOf(tool)}/adapter.ts`, tool.specPath, "builder");
  const [adapter, route] = [file.name(n.camel), tool.upstream.route ? file.name(n.route) : n.route];
  const sibling = (path: string, name: string | Name, typeOnly = false): Name => file.import(toolExport(outputDirOf(tool), path, name, typeOnly));
  const [input, output, agentView] = [sibling("types.ts", n.input, true), sibling("types.ts", n.output, true), sibling("types.ts", n.agentView, true)];
  // unknown_members: ignore leaves schemas open; the undeclared-member walk reports what they let through.
  const undeclared = tool.unknownMembers === "ignore" ? _`\n  undeclared: ${sibling("undeclared.ts", "undeclaredMembers")},` : raw("");
  const types = _`${input}, ${output}, ${agentView}`;
  // First in the module: the adapter below reads them as it is created.
  const validators = adapterValidators(tool, file);
  const async = asyncHooks(tool.checks);
  const create = file.import(runtime(async.length > 0 ? "createAsyncAdapter" : "createAdapter"));
  // The selector lives in this module too (select.ts keeps its own copy for other importers).
  const selector = selectorCode(tool, file, false);
  file.write(_`${jsdoc(`The ${tool.tool} adapter: call(args) issues a call, adapt(raw, call) turns upstream bytes into the agent result.`)}
export const ${adapter} = ${create}<${types}>({
  tool: ${tool.tool},
  version: ${tool.version},
  specHash: ${tool.specHash},
  limits: { maxBytes: ${tool.limits.maxBytes}, maxDepth: ${tool.limits.maxDepth}, losslessIntegerKeys: ${tool.limits.losslessIntegerKeys}${declaredKeys(tool)} },
  envelope: ${tool.upstream.envelope},
  retry: { class: ${tool.retry.class}, maxAttempts: ${tool.retry.maxAttempts}, budgetMs: ${tool.retry.budgetMs}, retryOn: ${tool.retry.on} },
  errors: ${errorTable(tool, file)},${operationLine(tool)}
  ${entry("validateInput", validators.input)},
  validateResponse: ${validators.response},${undeclared}
  bind: ${bindFn(tool.checks, file)},
  semantic: ${semanticFn(tool.checks, file, hooksModule)},${asyncChecksEntry(async, file, hooksModule)}
  select: ${selector.select},
});
${routeExport(tool, route, input, file)}
${selector.code}
export default ${adapter};
`);
  return [file, validators.validate];
}

export const adapterEmitter: Emitter = {
  name: "adapter",
  scope: "tool",
  emit: (input) => emittedEach(emitAdapter(input)),
};
