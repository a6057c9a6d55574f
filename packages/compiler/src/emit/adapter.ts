import { _, join, jsdoc, member, Name, propertyKey, raw, type Code } from "../codegen/code.js";
import type { CheckIR, FieldPath, RouteIR, ToolIR } from "../ir/types.js";
import { emitted, type EmittedFile, type Emitter } from "./emitter.js";
import { toolNames } from "./names.js";

/**
 * `ownMember(ownMember(output, "a"), "b")`: checks and routes read own members only, so a polluted
 * Object.prototype can neither satisfy a binding nor become a path segment.
 */
const access = (root: string, path: FieldPath): Code => path.reduce<Code>((code, key) => _`ownMember(${code}, ${key})`, raw(root));

export function bindFn(checks: readonly CheckIR[]): Code {
  const binds = checks.flatMap((c) =>
    c.kind === "bind" ? [_`if (${access("output", c.output)} !== ${access("input", c.input)}) return ${c.id};`] : [],
  );
  if (binds.length === 0) return raw("() => undefined");
  return _`(output, input) => {
    ${join(binds)}
    return undefined;
  }`;
}

export function semanticFn(checks: readonly CheckIR[]): Code {
  const lines = checks.flatMap((c, i): Code[] => {
    if (c.kind === "fresh") {
      const at = new Name(`observedAt${i}`);
      return [
        _`const ${at} = parseDateTime(${access("output", c.field)});`,
        _`if (!(${at} >= now - ${c.maxAgeMs} && ${at} <= now + ${c.maxFutureMs})) return ${c.id};`,
      ];
    }
    if (c.kind === "hook") return [_`if (${member(raw("hooks"), c.name)}(output, input) !== true) return ${c.id};`];
    return [];
  });
  if (lines.length === 0) return raw("() => undefined");
  return _`(output, input, now) => {
    ${join(lines)}
    return undefined;
  }`;
}

/** `"/reviews/" + pathSegment(input.change_id)`: literal text as data, each field one encoded segment. */
function routeFn(route: RouteIR, inputType: Code): Code {
  const parts = route.segments.map((segment) => ("field" in segment ? _`pathSegment(${access("input", segment.field)})` : _`${segment.text}`));
  return _`(input: ${inputType}): string => ${join(parts, " + ")}`;
}

/** `<tool>Route`: the operation, method and path builder of an HTTP upstream, when the spec names a path. */
function routeExport(tool: ToolIR, name: Name, inputType: Code): Code {
  const route = tool.upstream.route;
  if (!route) return raw("");
  const doc = jsdoc(`${route.method} ${route.path}${tool.upstream.operation ? ` (operation ${tool.upstream.operation})` : ""}: each {field} is one percent-encoded path segment.`);
  return _`
${doc}
export const ${name} = {
  operation: ${tool.upstream.operation},
  method: ${route.method},
  pathFor: ${routeFn(route, inputType)},
} as const;
`;
}

/** `operation: "create_deployment",` when the spec names one (inspect_outcome errors carry it). */
export const operationLine = (tool: ToolIR): Code => (tool.upstream.operation === undefined ? raw("") : _`\n  operation: ${tool.upstream.operation},`);

/** Catalog codes by name (their wording lives in the runtime), tool-specific ones in full. */
export function errorTable(tool: ToolIR): Code {
  const catalog = tool.errors.filter((e) => e.catalog).map((e) => e.code);
  const custom = tool.errors.filter((e) => !e.catalog);
  if (custom.length === 0) return _`errorTable(${catalog}, ${tool.retry.class})`;
  const entries = custom.map((e) => _`${propertyKey(e.code)}: { action: ${e.action}, retryable: ${e.retryable}, message: ${e.message} },`);
  return _`errorTable(${catalog}, ${tool.retry.class}, {
    ${join(entries)}
  })`;
}

export function emitAdapter(tool: ToolIR, hooksModule: string | undefined): EmittedFile {
  const n = toolNames(tool.tool);
  const usesFresh = tool.checks.some((c) => c.kind === "fresh");
  const usesHooks = tool.checks.some((c) => c.kind === "hook");
  const readsFields = Boolean(tool.upstream.route) || tool.checks.some((c) => c.kind === "bind" || c.kind === "fresh");
  const runtimeNames = [
    "createAdapter",
    "errorTable",
    ...(readsFields ? ["ownMember"] : []),
    ...(usesFresh ? ["parseDateTime"] : []),
    ...(tool.upstream.route ? ["pathSegment"] : []),
  ];
  // unknown_members: ignore leaves schemas open; the undeclared-member walk reports what they let through.
  const ignoring = tool.unknownMembers === "ignore";
  const runtimeImports = raw(runtimeNames.join(", "));
  const hooksImport = usesHooks && hooksModule !== undefined ? _`import * as hooks from ${`../${hooksModule}`};\n` : raw("");
  const content = _`import { ${runtimeImports} } from "@toolgate/runtime";
${hooksImport}import { selectAgentView } from "./select.js";
import type { ${n.agentView}, ${n.input}, ${n.output} } from "./types.js";
import { ${raw(tool.upstream.envelope ? "validateEnvelope" : "validateOutput")}, validateInput } from "./validate.js";
${ignoring ? raw('import { undeclaredMembers } from "./undeclared.js";\n') : raw("")}
${jsdoc(`The ${tool.tool} adapter: call(args) issues a call, adapt(raw, call) turns upstream bytes into the agent result.`)}
export const ${n.camel} = createAdapter<${n.input}, ${n.output}, ${n.agentView}>({
  tool: ${tool.tool},
  version: ${tool.version},
  specHash: ${tool.specHash},
  limits: { maxBytes: ${tool.limits.maxBytes}, maxDepth: ${tool.limits.maxDepth}, losslessIntegerKeys: ${tool.limits.losslessIntegerKeys} },
  envelope: ${tool.upstream.envelope},
  retry: { class: ${tool.retry.class}, maxAttempts: ${tool.retry.maxAttempts}, budgetMs: ${tool.retry.budgetMs}, retryOn: ${tool.retry.on} },
  errors: ${errorTable(tool)},${operationLine(tool)}
  validateInput,
  validateResponse: ${raw(tool.upstream.envelope ? "validateEnvelope" : "validateOutput")},
${ignoring ? raw("  undeclared: undeclaredMembers,\n") : raw("")}  bind: ${bindFn(tool.checks)},
  semantic: ${semanticFn(tool.checks)},
  select: selectAgentView,
});
${routeExport(tool, n.route, n.input)}
export default ${n.camel};
`;
  return { path: `${tool.tool}/adapter.ts`, content: content.toString(), source: tool.specPath };
}

export const adapterEmitter: Emitter = {
  name: "adapter",
  emit: (project) => emitted(project.tools.map((tool) => emitAdapter(tool, project.hooksModule))),
};
