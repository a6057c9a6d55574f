import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";

/** A directory watched with everything below it, or (with `file`) one file of a directory. */
export interface WatchTarget {
  readonly dir: string;
  readonly file?: string;
}

/** The specs directory, and the hooks module too when it lives outside it. */
export function watchTargets(specs: string, hooks: string | undefined): WatchTarget[] {
  const targets: WatchTarget[] = [{ dir: specs }];
  if (hooks === undefined) return targets;
  const fromSpecs = relative(resolve(specs), resolve(hooks));
  if (fromSpecs.startsWith("..") || isAbsolute(fromSpecs)) targets.push({ dir: dirname(hooks), file: basename(hooks) });
  return targets;
}

// A file is watched through its directory: editors often save by writing a new file and renaming
// it over the old one, and a watch on the old file would never fire again.
const watchOne = (target: WatchTarget, signal: AbortSignal, changed: () => void): FSWatcher =>
  target.file === undefined
    ? watch(target.dir, { recursive: true, signal }, changed)
    : watch(target.dir, { signal }, (_event, name) => (name === target.file ? changed() : undefined));

/** Calls `run` after each burst of changes to `targets`, until `signal` aborts. */
export async function watchAndRun(targets: readonly WatchTarget[], run: () => Promise<unknown>, signal: AbortSignal, debounceMs = 100): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (): void => {
    clearTimeout(timer);
    // Editors write a file in several steps; one run per burst, never two runs at once.
    timer = setTimeout(() => (running = running.then(run)), debounceMs);
  };
  const watchers = targets.map((target) => watchOne(target, signal, schedule));
  await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
