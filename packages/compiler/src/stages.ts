/**
 * Per-stage time of gen, for benchmarks (`npm run bench:gen` prints it): a sink the caller installs
 * around a compile. With no sink installed a stage costs one check. Times are the process's CPU
 * milliseconds while the stage runs (not wall time, which a loaded machine inflates).
 */
export type StageSink = (stage: string, ms: number) => void;

let sink: StageSink | undefined;

/** Installs `next` (undefined removes it); returns the sink it replaces. */
export function setStageSink(next: StageSink | undefined): StageSink | undefined {
  const previous = sink;
  sink = next;
  return previous;
}

function report(stage: string, start: NodeJS.CpuUsage): void {
  const { user, system } = process.cpuUsage(start);
  sink?.(stage, (user + system) / 1000);
}

/** Runs `work` and reports its time under `stage`. */
export function stageTimer<T>(stage: string, work: () => T): T {
  if (sink === undefined) return work();
  const start = process.cpuUsage();
  try {
    return work();
  } finally {
    report(stage, start);
  }
}

/** `stageTimer` for work that awaits: the time from start to settle (only meaningful when nothing else runs meanwhile). */
export async function stageTimerAsync<T>(stage: string, work: () => Promise<T>): Promise<T> {
  if (sink === undefined) return work();
  const start = process.cpuUsage();
  try {
    return await work();
  } finally {
    report(stage, start);
  }
}
