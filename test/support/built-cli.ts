import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect } from "vitest";
import type { CliResult } from "./cli.js";
import { repoRoot, scratchDir, tempDir } from "./project.js";

/** The built `toolgate` bin, as a user's shell runs it. */
export const BUILT_CLI = join(repoRoot, "packages", "cli", "bin", "toolgate.js");

/** Runs the built CLI as a child process in `cwd`; never rejects on a non-zero exit. */
export function runBuiltCli(cwd: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BUILT_CLI, ...args], { cwd, encoding: "utf8", timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : undefined;
      if (code === undefined) reject(error ?? new Error("no exit code"));
      else resolve({ code, stdout: stdout.trimEnd(), stderr: stderr.trimEnd() });
    });
  });
}

/** A fresh temp directory per call, all removed after each test of the file that asks for them. */
export function tempDirsPerTest(prefix: string): () => Promise<string> {
  let disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(disposers.map((dispose) => dispose()));
    disposers = [];
  });
  return async () => {
    const tmp = await tempDir(prefix);
    disposers.push(tmp.dispose);
    return tmp.dir;
  };
}

/**
 * A copy of the repository's specs/ (with its fixtures) and generated/ in a scratch directory inside
 * the repository, so the generated code resolves @toolgate/runtime from node_modules as a user's would.
 */
export async function copyProject(prefix: string): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const scratch = await scratchDir(prefix);
  await cp(join(repoRoot, "specs"), join(scratch.dir, "specs"), { recursive: true });
  await cp(join(repoRoot, "generated"), join(scratch.dir, "generated"), { recursive: true });
  return scratch;
}

/** Replaces `from` by `to` in a file of a copied project, after checking the file holds it. */
export async function replaceInFile(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, "utf8");
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}
