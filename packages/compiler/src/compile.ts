import { checkCompatibility } from "./compat/check.js";
import { checkHooks, hooksSpecifier, type HooksSource } from "./check/hooks.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { DiagnosticCollector, type DiagnosticSink } from "./diagnostics/sink.js";
import { adapterEmitter } from "./emit/adapter.js";
import { bindingsEmitter } from "./emit/bindings/index.js";
import { clientEmitter, definitionListsEmitter, definitionsEmitter } from "./emit/definitions/index.js";
import type { EmitResult, Emitter } from "./emit/emitter.js";
import { MANIFEST_PATH, manifestEmitter } from "./emit/manifest.js";
import { toolNames } from "./codegen/names.js";
import { registryEmitter } from "./emit/registry.js";
import { selectorEmitter } from "./emit/select.js";
import { typesEmitter } from "./emit/types.js";
import { undeclaredEmitter } from "./emit/undeclared/walker.js";
import { validatorsEmitter } from "./emit/validators.js";
import { checkEmittedSize } from "./check/budget.js";
import { finalizeFiles, type OutputFile } from "./finalize.js";
import { forSpec, projectNamed } from "./internal-error.js";
import { buildTool } from "./front/tool.js";
import type { ProjectIR, ToolIR } from "./ir/types.js";
import { locate } from "./ir/locate.js";
import { lintToolSelection, type LintSeverity } from "./lint/selection.js";
import { SourceSet, type SourceFiles } from "./load/sources.js";

export interface CompileInput {
  /** Every file the specs may read, keyed by POSIX path relative to the project (e.g. `specs/x.yaml`). */
  readonly files: SourceFiles;
  /** Which of those files are tool specs. */
  readonly specs: readonly string[];
  /** The hooks module (semantic checks written in TypeScript), if the project has one. */
  readonly hooks?: HooksSource;
  /** Where the output goes, relative to the same root as `files`; generated imports are relative to it. */
  readonly outDir?: string;
  /** The manifest the last `gen` wrote, to catch breaking changes made without a version bump. */
  readonly previousManifest?: string;
  /** Annotation keywords every spec ignores, as if each listed them in `vocabulary.ignore` (the config file's `ignored_keywords`). */
  readonly ignoredKeywords?: readonly string[];
  /** Severity of the tool-selection lint (TG51x); default off here, warning in `toolgate gen`. */
  readonly lint?: LintSeverity;
  /** What a tool list over Anthropic's per-request strict limits gets (ProjectIR.strictLimits). */
  readonly strictLimits?: ProjectIR["strictLimits"];
}

export interface CompileOutput {
  readonly files: readonly OutputFile[];
  readonly diagnostics: readonly Diagnostic[];
  readonly tools: readonly ToolIR[];
}

export const DEFAULT_EMITTERS: readonly Emitter[] = [
  typesEmitter,
  validatorsEmitter,
  selectorEmitter,
  adapterEmitter,
  undeclaredEmitter,
  definitionsEmitter,
  clientEmitter,
  bindingsEmitter,
  definitionListsEmitter,
  registryEmitter,
  manifestEmitter,
];

/**
 * The whole compiler: specs in, files and diagnostics out. No disk, no process, no clock: the same
 * input gives the same bytes.
 */
export async function compile(input: CompileInput, emitters: readonly Emitter[] = DEFAULT_EMITTERS): Promise<CompileOutput> {
  const sink = new DiagnosticCollector();
  const tools = await frontEnd(input, sink);
  checkCompatibility(tools, input.previousManifest, `${input.outDir ?? "generated"}/${MANIFEST_PATH}`).forEach((d) => sink.report(d));
  const output = (files: readonly OutputFile[]): CompileOutput => ({ files, diagnostics: sortDiagnostics(sink.diagnostics), tools });
  if (sink.hasErrors()) return output([]);
  const outDir = input.outDir ?? "generated";
  const hooksModule = input.hooks ? hooksSpecifier(outDir, input.hooks.path) : undefined;
  const project: ProjectIR = { tools: tools.sort((a, b) => (a.tool < b.tool ? -1 : 1)), hooksModule, ...(input.strictLimits && { strictLimits: input.strictLimits }) };
  lintToolSelection(project.tools, input.lint ?? "off").forEach((d) => sink.report(d));
  const runs = await runEmitters(emitters, project);
  runs.flatMap((r) => r.result.diagnostics).forEach((d) => sink.report(d));
  checkEmittedSize(project.tools, runs.flatMap((r) => r.result.files), sink);
  // The hook check type-checks hooks against the types emitter's output, found by identity.
  const types = runs.filter((r) => r.emitter === typesEmitter).flatMap((r) => r.result.files);
  await checkHooks(project.tools, types, input.hooks, outDir, sink);
  return output(sink.hasErrors() ? [] : await finalizeFiles(runs.flatMap((r) => r.result.files)));
}

/** Specs to tool IR, with every spec and project-wide naming diagnostic; what the emitters and the gate start from. */
export async function frontEnd(input: Pick<CompileInput, "files" | "specs" | "ignoredKeywords">, sink: DiagnosticSink): Promise<ToolIR[]> {
  const sources = new SourceSet(input.files, sink);
  const tools: ToolIR[] = [];
  for (const path of [...input.specs].sort()) {
    const doc = sources.get(path);
    const tool = doc && (await forSpec(path, () => buildTool(doc, sources, sink, input.ignoredKeywords)));
    if (tool) tools.push(tool);
  }
  [...uniqueNames(tools), ...uniqueBindings(tools)].forEach((d) => sink.report(d));
  return tools;
}

interface EmitterRun {
  readonly emitter: Emitter;
  readonly result: EmitResult;
}

/** A tool emitter once per tool, on that tool alone (so order and batching cannot matter); a project emitter once. */
function runEmitters(emitters: readonly Emitter[], project: ProjectIR): Promise<EmitterRun[]> {
  const run = async (emitter: Emitter, emit: () => EmitResult | Promise<EmitResult>): Promise<EmitterRun> => ({ emitter, result: await emit() });
  return Promise.all(
    emitters.flatMap((emitter) =>
      emitter.scope === "tool"
        ? project.tools.map((tool) => run(emitter, () => forSpec(tool.specPath, () => emitter.emit({ tool, hooksModule: project.hooksModule }))))
        : [run(emitter, () => projectNamed(emitter, project))],
    ),
  );
}

function uniqueNames(tools: readonly ToolIR[]): Diagnostic[] {
  const seen = new Map<string, ToolIR>();
  return tools.flatMap((tool) => {
    const first = seen.get(tool.tool);
    if (!first) {
      seen.set(tool.tool, tool);
      return [];
    }
    const { file, line, column } = locate(first, "/tool");
    return [diagnostic("TG401", locate(tool, "/tool"), { tool: JSON.stringify(tool.tool), other: `${file}:${line}:${column}` })];
  });
}

/** Two tools whose bindings would collide in generated/index.ts (`a_b1` and `a_b_1`, or `review_route` and review's route). */
function uniqueBindings(tools: readonly ToolIR[]): Diagnostic[] {
  const seen = new Map<string, ToolIR>();
  return tools.flatMap((tool) => {
    const n = toolNames(tool.tool);
    const bindings = [n.camel.toString(), ...(tool.upstream.route ? [n.route.toString()] : [])];
    const clash = bindings.map((b) => [b, seen.get(b)] as const).find(([, other]) => other !== undefined && other.tool !== tool.tool);
    for (const binding of bindings) if (!seen.has(binding)) seen.set(binding, tool);
    if (!clash) return [];
    const [binding, other] = clash;
    return [diagnostic("TG403", locate(tool, "/tool"), { tool: JSON.stringify(tool.tool), binding, other: JSON.stringify(other!.tool) })];
  });
}
