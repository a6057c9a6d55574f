import { compile, type CompileInput, type CompileOutput } from "@toolgate/compiler";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readIfExists, readSpecTree } from "../../packages/cli/src/files.js";

export const repoRoot = resolve(import.meta.dirname, "../..");
export const sharedTestdata = resolve(repoRoot, "../shared/testdata");

/** A specs directory as the CLI reads it (the CLI's own reader), ready for compile(). */
export async function specsInput(dir: string): Promise<CompileInput> {
  const tree = await readSpecTree(dir, "specs");
  const hooks = await readIfExists(join(dir, "hooks.ts"));
  return { files: tree.files, specs: tree.specs, ...(hooks === undefined ? {} : { hooks: { path: "specs/hooks.ts", text: hooks } }) };
}

/** Compiles a specs directory exactly as the CLI reads it. */
export async function compileDir(dir: string): Promise<CompileOutput> {
  return compile(await specsInput(dir));
}

export const HOOKS_PATH = "specs/hooks.ts";

/** Compiles in-memory spec texts (`specs/<name>`, and `specs/hooks.ts` as the hooks module), for tests of single diagnostics. */
export function compileTexts(texts: Record<string, string>): Promise<CompileOutput> {
  const files = new Map(Object.entries(texts));
  const specs = [...files.keys()].filter((p) => /^specs\/[^/]+\.(ya?ml|json)$/.test(p));
  const hooks = files.get(HOOKS_PATH);
  return compile({ files, specs, ...(hooks === undefined ? {} : { hooks: { path: HOOKS_PATH, text: hooks } }) });
}

/** A scratch directory inside the repo, so generated code resolves @toolgate/runtime from node_modules. */
export async function scratchDir(prefix: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const base = join(repoRoot, "test", ".scratch");
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(join(base, `${prefix}-`));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export async function tempDir(prefix: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `toolgate-${prefix}-`));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes generated files under `dir`, each at its own path (relative to the output directory). */
export async function writeFiles(dir: string, files: readonly { readonly path: string; readonly content: string }[]): Promise<void> {
  for (const file of files) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content, "utf8");
  }
}
