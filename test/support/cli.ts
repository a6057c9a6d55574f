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
