import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { main, type Io } from "@toolgate/cli";

export interface CliResult {
  readonly code: number;
  /** The lines written to each stream, joined with "\n". */
  readonly stdout: string;
  readonly stderr: string;
}

/** The real CLI entry point in this process, its two streams captured instead of printed. */
export async function runCli(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
  const code = await main(args, io);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const BIN = new URL("../../packages/cli/bin/toolgate.js", import.meta.url);

/** The built CLI in a child process, as a user runs `npx toolgate`, in `cwd`. */
export function runBuiltCli(cwd: string, ...args: string[]): CliResult {
  const child = spawnSync(process.execPath, [fileURLToPath(BIN), ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: child.status ?? -1, stdout: child.stdout.trimEnd(), stderr: child.stderr.trimEnd() };
}
