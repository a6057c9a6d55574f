import { execFile } from "node:child_process";
import { join } from "node:path";
import { afterEach } from "vitest";
import { repoRoot, tempDir } from "./project.js";
import type { CliResult } from "./cli.js";

/** The built `toolgate` bin, as a user's shell runs it. */
export const BUILT_CLI = join(repoRoot, "packages", "cli", "bin", "toolgate.js");

/** Runs the built CLI as a child process in `cwd`; never rejects on a non-zero exit. */
export function runBuiltCli(cwd: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BUILT_CLI, ...args], { cwd, encoding: "utf8", timeout: 120_000 }, (error, stdout, stderr) => {
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
