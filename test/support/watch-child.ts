import { spawn } from "node:child_process";
import { BUILT_CLI } from "./built-cli.js";

/** `toolgate gen --watch` as a real child process: counts its runs by their final line. */
export interface WatchChild {
  /** Resolves once `n` runs have finished; rejects after `ms` with what was seen, instead of hanging. */
  runCount(n: number, ms: number): Promise<void>;
  runs(): number;
  /** SIGINT, as Ctrl-C; resolves with the exit code. */
  stop(): Promise<number | null>;
  kill(): void;
}

const RUN_LINE = /^toolgate: \d+ tools, /;

export function watchChild(args: readonly string[], cwd?: string): WatchChild {
  const child = spawn(process.execPath, [BUILT_CLI, "gen", "--watch", "--quiet", ...args], { stdio: ["ignore", "pipe", "pipe"], ...(cwd === undefined ? {} : { cwd }) });
  const runs: string[] = [];
  let stderr = "";
  let waiter: (() => void) | undefined;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    runs.push(...chunk.split("\n").filter((line) => RUN_LINE.test(line)));
    waiter?.();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return {
    runCount: (n, ms) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${n} runs within ${ms} ms, saw ${runs.length}; stderr: ${stderr}`)), ms);
        waiter = () => (runs.length >= n ? (clearTimeout(timer), resolve()) : undefined);
        waiter();
      }),
    runs: () => runs.length,
    stop: () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      return exited;
    },
    kill: () => void child.kill("SIGKILL"),
  };
}
