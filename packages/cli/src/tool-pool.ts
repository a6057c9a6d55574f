import { TOOL_WORKER, type ToolRequest, type ToolRunner, type ToolUnit, type ToolWorkerData } from "@toolgate/compiler/fast";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** Beyond this many workers the main thread's merging and the memory of each worker cost more than they save. */
const MAX_JOBS = 8;
/** Below this many specs to compile, starting workers (each loads the compiler) costs more than it saves. */
export const MIN_SPECS_FOR_WORKERS = 24;

/** `--jobs <n>`, or the machine's parallelism, within 1…MAX_JOBS. */
export const jobsOf = (jobs: number | undefined): number => Math.max(1, Math.min(MAX_JOBS, jobs ?? availableParallelism()));

type Answer = { readonly id: number; readonly unit: ToolUnit } | { readonly id: number; readonly error: string };

/** A pool of tool workers, each compiling one spec at a time; started on first use, stopped after the last answer. */
export class ToolPool {
  readonly #data: ToolWorkerData;
  readonly #jobs: number;
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: ToolRequest[] = [];
  readonly #waiting = new Map<number, { resolve: (u: ToolUnit) => void; reject: (e: Error) => void }>();
  #next = 0;

  constructor(data: ToolWorkerData, jobs: number) {
    this.#data = data;
    this.#jobs = jobs;
  }

  readonly run: ToolRunner = (specPath) =>
    new Promise<ToolUnit>((resolve, reject) => {
      const id = this.#next++;
      this.#waiting.set(id, { resolve, reject });
      this.#queue.push({ id, specPath });
      if (this.#workers.length === 0) this.#start();
      this.#dispatch();
    });

  /** How many worker threads are running (none before the first request and after the last answer). */
  get threads(): number {
    return this.#workers.length;
  }

  async close(): Promise<void> {
    const workers = this.#workers.splice(0);
    this.#idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #start(): void {
    for (let i = 0; i < this.#jobs; i++) {
      const worker = new Worker(TOOL_WORKER, { workerData: this.#data });
      worker.on("message", (answer: Answer) => this.#answered(worker, answer));
      worker.on("error", (e) => this.#failAll(e));
      this.#workers.push(worker);
      this.#idle.push(worker);
    }
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) this.#idle.pop()!.postMessage(this.#queue.shift());
  }

  #answered(worker: Worker, answer: Answer): void {
    const waiting = this.#waiting.get(answer.id);
    this.#waiting.delete(answer.id);
    if ("unit" in answer) waiting?.resolve(answer.unit);
    else waiting?.reject(new Error(answer.error));
    this.#idle.push(worker);
    this.#dispatch();
    // The last answer: each worker's heap goes now, not when the caller's compile ends (its project phase, gen's peak).
    if (this.#waiting.size === 0) void this.close();
  }

  #failAll(e: Error): void {
    for (const waiting of this.#waiting.values()) waiting.reject(e);
    this.#waiting.clear();
  }
}
