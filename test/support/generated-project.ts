import type { CompileOutput } from "@toolgate/compiler";
import { join } from "node:path";
import { compileTexts, HOOKS_PATH, scratchDir, writeFiles } from "./project.js";

/** What `adapt` returns (an async tool's adapter resolves to it). */
export interface AdaptedResult {
  outcome: string;
  data?: unknown;
  error?: unknown;
}

/** A generated adapter as the generated index exports it (only what the tests call). */
export interface LoadedAdapter {
  call(args: unknown, context?: Record<string, unknown>, options?: { readonly requestId?: string }): { ok: true; call: unknown } | { ok: false; result: unknown };
  adapt(raw: string, call: unknown): AdaptedResult;
}

export interface GeneratedProject {
  readonly out: CompileOutput;
  readonly dir: string;
  /** The generated module `path` (relative to the output directory), imported. */
  load<T = Record<string, unknown>>(path: string): Promise<T>;
  /** The camel-cased binding of `tool` from the generated index. */
  adapter(binding: string): Promise<LoadedAdapter>;
  dispose(): Promise<void>;
}

/**
 * Compiles in-memory specs with the real compiler and writes its files into a scratch directory in
 * the repository, so the generated TypeScript runs (through vitest's loader) as a user's build would.
 * Throws with the diagnostics when the specs do not compile.
 */
export async function generateProject(prefix: string, texts: Record<string, string>): Promise<GeneratedProject> {
  const out = await compileTexts(texts);
  const errors = out.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join("\n"));
  const scratch = await scratchDir(prefix);
  // The project's layout: generated/ beside specs/, where generated adapters import the hooks module from.
  const dir = join(scratch.dir, "generated");
  const hooks = texts[HOOKS_PATH];
  await writeFiles(dir, out.files);
  if (hooks !== undefined) await writeFiles(scratch.dir, [{ path: HOOKS_PATH, content: hooks }]);
  const load = async <T,>(path: string): Promise<T> => (await import(join(dir, path))) as T;
  return {
    out,
    dir,
    load,
    adapter: async (binding) => (await load<Record<string, LoadedAdapter>>("index.ts"))[binding]!,
    dispose: scratch.dispose,
  };
}
