import { checkCompatibility } from "./compat/check.js";
import { hooksSpecifier, type HooksSource } from "./check/hooks.js";
import { cachedFinalize } from "./cache/finalized.js";
import { cachedHookCheck } from "./cache/hook-check.js";
import type { GenCache } from "./cache/seal.js";
import { emitterKeys, FileHashes } from "./cache/keys.js";
import { cachedUnit, storeUnit } from "./cache/units.js";
import { rememberProject } from "./cache/remember-project.js";
import type { GeneratedFile } from "./codegen/file.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { DiagnosticCollector, reportingOnce, type DiagnosticSink } from "./diagnostics/sink.js";
import type { Emitter } from "./emit/emitter.js";
import { MANIFEST_PATH } from "./emit/manifest.js";
import { toolNames } from "./codegen/names.js";
import { typesEmitter } from "./emit/types.js";
import { DEFAULT_EMITTERS } from "./default-emitters.js";
import type { OutputFile } from "./finalize.js";
import { forSpec, projectNamed } from "./internal-error.js";
import { buildTool } from "./front/tool.js";
import type { ProjectIR, ToolIR } from "./ir/types.js";
import { locate } from "./ir/locate.js";
import { lintToolSelection, type LintSeverity } from "./lint/selection.js";
import { SourceSet, type SourceFiles } from "./load/sources.js";
import { compileTool, type ToolContext, type ToolRunner, type ToolUnit } from "./tool-unit.js";

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
  /** Results of earlier compiles (the CLI's cache directory); never changes a byte of the output. */
  readonly cache?: GenCache;
  /**
   * Given how many specs need compiling (the rest come from the cache), something that compiles
   * one spec as `compileTool` does with the default emitters but elsewhere (the CLI's worker
   * threads), or undefined to compile in this thread. The output is the same bytes either way.
   */
  readonly runnerFor?: (count: number) => ToolRunner | undefined;
}

export { DEFAULT_EMITTERS };

export interface CompileOutput {
  readonly files: readonly OutputFile[];
  readonly diagnostics: readonly Diagnostic[];
  readonly tools: readonly ToolIR[];
}

/**
 * The whole compiler: specs in, files and diagnostics out. No disk, no process, no clock: the same
 * input gives the same bytes, with or without `input.cache`.
 */
export async function compile(input: CompileInput, emitters: readonly Emitter[] = DEFAULT_EMITTERS): Promise<CompileOutput> {
  const outDir = input.outDir ?? "generated";
  const hooksModule = input.hooks ? hooksSpecifier(outDir, input.hooks.path) : undefined;
  const context: ToolContext = { hooksModule, emitters, typesEmitter, ignoredKeywords: input.ignoredKeywords ?? [] };
  const hashes = new FileHashes(input.files);
  const units = await toolUnits(input, context, hashes);
  const { output, compat } = await assemble(units, input, context, outDir);
  if (input.cache !== undefined && output.files.length > 0) await rememberProject({ ...input, cache: input.cache }, emitterKeys(emitters), hashes, output, compat);
  return output;
}

/** Every spec's unit, from the cache or compiled (elsewhere, when the runner takes them), in spec order. */
async function toolUnits(input: CompileInput, context: ToolContext, hashes: FileHashes): Promise<ToolUnit[]> {
  const specs = [...input.specs].sort();
  const found = await Promise.all(specs.map((path) => cachedUnit(path, context, input.cache, hashes)));
  const missing = specs.filter((_, i) => found[i] === undefined);
  // A runner compiles with the default emitters only.
  const runner = missing.length > 0 && context.emitters === DEFAULT_EMITTERS ? input.runnerFor?.(missing.length) : undefined;
  const compiled = new Map<string, ToolUnit>();
  const compileOne = async (path: string): Promise<void> => {
    const unit = await (runner ?? ((p: string) => compileTool(p, input.files, context)))(path);
    await storeUnit(unit, context, input.cache, hashes);
    compiled.set(path, unit);
  };
  // In this thread one spec at a time (each finalized before the next starts); a runner takes them all at once.
  if (runner !== undefined) await Promise.all(missing.map(compileOne));
  else for (const path of missing) await compileOne(path);
  return specs.map((path, i) => found[i] ?? compiled.get(path)!);
}

/** The project-scoped steps over every unit: naming, compatibility, project emitters, the hook check. */
async function assemble(units: readonly ToolUnit[], input: CompileInput, context: ToolContext, outDir: string): Promise<{ output: CompileOutput; compat: Diagnostic[] }> {
  const collector = new DiagnosticCollector();
  // A shared schema file's findings come with every spec that reads it: reported once.
  const sink = reportingOnce(collector);
  units.forEach((u) => u.frontDiagnostics.forEach((d) => sink.report(d)));
  const inSpecOrder = units.flatMap((u) => (u.tool ? [u.tool] : []));
  [...uniqueNames(inSpecOrder), ...uniqueBindings(inSpecOrder)].forEach((d) => sink.report(d));
  const compat = checkCompatibility(inSpecOrder, input.previousManifest, `${outDir}/${MANIFEST_PATH}`);
  compat.forEach((d) => sink.report(d));
  const tools = [...inSpecOrder].sort((a, b) => (a.tool < b.tool ? -1 : 1));
  const project: ProjectIR = { tools, hooksModule: context.hooksModule, ...(input.strictLimits && { strictLimits: input.strictLimits }) };
  const result = (files: readonly OutputFile[]) => ({ output: { files, diagnostics: sortDiagnostics(collector.diagnostics), tools: project.tools }, compat });
  if (sink.hasErrors()) return result([]);
  lintToolSelection(project.tools, input.lint ?? "off").forEach((d) => sink.report(d));
  units.forEach((u) => u.emitDiagnostics.forEach((d) => sink.report(d)));
  const generated = await runProjectEmitters(context.emitters, project, sink);
  const types = units.flatMap((u) => u.files.filter((f) => u.typesPaths.includes(f.path)));
  await cachedHookCheck(project.tools, types, input.hooks, outDir, sink, input.cache);
  if (sink.hasErrors()) return result([]);
  const files = [...units.flatMap((u) => u.files), ...(await cachedFinalize(generated, input.cache))];
  return result(files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
}

/** Specs to tool IR, with every spec and project-wide naming diagnostic; what the gate starts from. */
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

/** Each project emitter once, over every tool sorted by name. */
async function runProjectEmitters(emitters: readonly Emitter[], project: ProjectIR, sink: DiagnosticSink): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const emitter of emitters) {
    if (emitter.scope !== "project") continue;
    const result = await projectNamed(emitter, project);
    result.diagnostics.forEach((d) => sink.report(d));
    files.push(...result.files);
  }
  return files;
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
