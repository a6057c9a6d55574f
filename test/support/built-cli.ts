import { execFile } from "node:child_process";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import type { CliResult } from "./cli.js";
import { repoRoot, scratchDir } from "./project.js";

const BIN = join(repoRoot, "packages/cli/bin/toolgate.js");

/** The built CLI (`npx toolgate`) in a child process in `cwd`; never throws for a non-zero exit. */
export function toolgate(cwd: string, ...args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      done({ code, stdout: stdout.trimEnd(), stderr: stderr.trimEnd() });
    });
  });
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
