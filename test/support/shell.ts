import { execFile } from "node:child_process";

export interface ShellResult {
  readonly code: number;
  /** stdout and stderr in the order the process wrote them (one pipe, as a terminal shows them). */
  readonly output: string;
}

/**
 * The environment of a command a user types: this process's, without the npm_* variables that
 * `npm test` sets (an inherited npm_config_* would change what a nested npm does), plus `extra`.
 */
function userEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== "INIT_CWD"));
  return { ...env, NO_COLOR: "1", ...extra };
}

/** Runs one shell command line with bash in `cwd`; never rejects on a non-zero exit. */
export function runShell(cwd: string, command: string, extra: Readonly<Record<string, string>> = {}): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const options = { cwd, env: userEnv(extra), encoding: "utf8" as const, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 };
    execFile("bash", ["-c", `exec 2>&1\n${command}`], options, (error, stdout) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : undefined;
      if (code === undefined) reject(error ?? new Error("no exit code"));
      else resolve({ code, output: stdout.trimEnd() });
    });
  });
}

/** Like runShell, but a non-zero exit rejects with the command and its output. */
export async function mustRun(cwd: string, command: string, extra: Readonly<Record<string, string>> = {}): Promise<string> {
  const result = await runShell(cwd, command, extra);
  if (result.code !== 0) throw new Error(`\`${command}\` exited ${result.code} in ${cwd}:\n${result.output}`);
  return result.output;
}
