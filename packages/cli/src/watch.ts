import { watch } from "node:fs";

/** Calls `run` once now and again after each burst of changes below `dirs`, until `signal` aborts. */
export async function watchAndRun(dirs: readonly string[], run: () => Promise<unknown>, signal: AbortSignal, debounceMs = 100): Promise<void> {
  await run();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (): void => {
    clearTimeout(timer);
    // Editors write a file in several steps; one run per burst, never two runs at once.
    timer = setTimeout(() => (running = running.then(run)), debounceMs);
  };
  const watchers = dirs.map((dir) => watch(dir, { recursive: true, signal }, schedule));
  await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
