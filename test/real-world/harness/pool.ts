import { fork, type ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Row } from "./check-case.js";
import type { CorpusFile } from "./corpus.js";

/**
 * Runs cases in child processes with a heap limit and a per-case time budget, so a compiler hang is
 * a `timeout` row and an out-of-memory or a killed process a `crashed` row, never a stuck run.
 */

export interface Budget {
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly workers: number;
}

/**
 * The budget tells a hang from a slow compile on a busy machine: the largest schema (Biome's
 * configuration, 0.8 MB) takes under 25 s alone and over 60 s beside the full test suite.
 */
export const DEFAULT_BUDGET: Budget = { timeoutMs: 300_000, heapMb: 1024, workers: 2 };

const WORKER = join(import.meta.dirname, "worker.ts");

interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
}

function spawnWorker(heapMb: number): Worker {
  const child = fork(WORKER, [], { execArgv: ["--import", "tsx", `--max-old-space-size=${heapMb}`], stdio: ["ignore", "ignore", "pipe", "ipc"] });
  child.stderr!.resume();
  const ready = new Promise<void>((res, rej) => {
    child.once("message", () => res());
    child.once("exit", (code) => rej(new Error(`worker exited before ready (${code})`)));
  });
  return { child, ready };
}

type Outcome = { row: Row } | { failed: "crashed" | "timeout"; detail: string };

function runOne(worker: Worker, job: { file: string; id: string; dir: string }, timeoutMs: number): Promise<Outcome> {
  return new Promise((res) => {
    const timer = setTimeout(() => done({ failed: "timeout", detail: `no answer in ${timeoutMs} ms` }), timeoutMs);
    const onMessage = (row: Row): void => done({ row });
    const onExit = (code: number | null, signal: string | null): void => done({ failed: "crashed", detail: `worker died (${signal ?? `exit ${code}`})` });
    function done(o: Outcome): void {
      clearTimeout(timer);
      worker.child.off("message", onMessage).off("exit", onExit);
      res(o);
    }
    worker.child.on("message", onMessage).once("exit", onExit);
    worker.child.send(job);
  });
}

function failedRow(file: CorpusFile, id: string, o: { failed: "crashed" | "timeout"; detail: string }): Row {
  return { file: file.name, draft: file.draft, id, status: o.failed, blockers: [o.detail], checked: 0, invalid: 0, wrongAccepts: [], wrongRejects: [] };
}

/** Every case of `corpus` (or those `only` keeps), in corpus order; `scratch` is removed afterwards. */
export async function runCorpus(corpus: readonly CorpusFile[], scratch: string, budget: Budget = DEFAULT_BUDGET, only: (file: CorpusFile, id: string) => boolean = () => true): Promise<Row[]> {
  const jobs = corpus.flatMap((file) => file.cases.filter((c) => only(file, c.id)).map((c) => ({ file, id: c.id })));
  const rows: Row[] = new Array<Row>(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    let worker = spawnWorker(budget.heapMb);
    await worker.ready;
    for (let i = next++; i < jobs.length; i = next++) {
      const { file, id } = jobs[i]!;
      const dir = join(scratch, String(i));
      await mkdir(dir, { recursive: true });
      const o = await runOne(worker, { file: file.name, id, dir }, budget.timeoutMs);
      rows[i] = "row" in o ? o.row : failedRow(file, id, o);
      if ("failed" in o) {
        worker.child.kill("SIGKILL");
        worker = spawnWorker(budget.heapMb);
        await worker.ready;
      }
    }
    worker.child.kill();
  };
  try {
    await Promise.all(Array.from({ length: Math.min(budget.workers, jobs.length) }, lane));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return rows;
}
