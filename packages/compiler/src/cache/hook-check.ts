import { checkHooks, type HooksSource } from "../check/hooks.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { DiagnosticCollector, type DiagnosticSink } from "../diagnostics/sink.js";
import type { OutputFile } from "../finalize.js";
import type { ToolIR } from "../ir/types.js";
import { keyOf, lookup, store, type GenCache } from "./seal.js";

const usesHooks = (tool: ToolIR): boolean => tool.checks.some((c) => c.kind === "hook");

/**
 * The hook check (the TypeScript checker: the slowest step of gen) once per hooks module and set of
 * tools using hooks. A tool's IR and types follow from its spec hash and the options, so those key it.
 */
export async function cachedHookCheck(tools: readonly ToolIR[], types: readonly OutputFile[], hooks: HooksSource | undefined, outDir: string, sink: DiagnosticSink, cache: GenCache | undefined): Promise<void> {
  const users = tools.filter(usesHooks);
  if (cache === undefined || users.length === 0) return checkHooks(users, types, hooks, outDir, sink);
  const key = keyOf(cache, "hooks", outDir, JSON.stringify(hooks ?? null), JSON.stringify(users.map((t) => [t.specPath, t.specHash])));
  let found = await lookup<Diagnostic[]>(cache, key);
  if (found === undefined) {
    const own = new DiagnosticCollector();
    await checkHooks(users, types, hooks, outDir, own);
    found = [...own.diagnostics];
    await store(cache, key, found);
  }
  found.forEach((d) => sink.report(d));
}
