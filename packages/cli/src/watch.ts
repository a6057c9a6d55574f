import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { readInputs } from "./inputs.js";

/** A directory watched with everything below it, or (with `file`) one file of a directory. */
export interface WatchTarget {
  readonly dir: string;
  readonly file?: string;
}

const outside = (specs: string, file: string): boolean => {
  const fromSpecs = relative(resolve(specs), resolve(file));
  return fromSpecs.startsWith("..") || isAbsolute(fromSpecs);
};

/** The specs directory, and the hooks module and each `$ref`'d file (`referenced`) that live outside it. */
export function watchTargets(specs: string, hooks: string | undefined, referenced: readonly string[] = []): WatchTarget[] {
  const files = [...(hooks === undefined ? [] : [hooks]), ...referenced].filter((file) => outside(specs, file));
  return [{ dir: specs }, ...files.map((file) => ({ dir: dirname(file), file: basename(file) }))];
}

/** The watch targets of a project as it is now: its `$ref`s are read again, so a new one is watched from the next run on. */
export async function projectWatchTargets(specs: string, hooks: string | undefined): Promise<WatchTarget[]> {
  const { inputs } = await readInputs(specs, hooks);
  return watchTargets(specs, hooks, inputs?.referenced ?? []);
}

// A file is watched through its directory: editors often save by writing a new file and renaming
// it over the old one, and a watch on the old file would never fire again.
const watchOne = (target: WatchTarget, signal: AbortSignal, changed: () => void): FSWatcher =>
  target.file === undefined
    ? watch(target.dir, { recursive: true, signal }, changed)
    : watch(target.dir, { signal }, (_event, name) => (name === target.file ? changed() : undefined));

/**
 * Calls `run` after each burst of changes to the targets, until `signal` aborts. `targets` is asked
 * again after each run, and the watchers follow when its answer changed (a spec `$ref`s a new file).
 */
export async function watchAndRun(targets: () => Promise<readonly WatchTarget[]>, run: () => Promise<unknown>, signal: AbortSignal, debounceMs = 100): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let watchers: FSWatcher[] = [];
  let watched = "";
  const rewatch = async (): Promise<void> => {
    const next = await targets();
    if (signal.aborted || JSON.stringify(next) === watched) return;
    for (const w of watchers) w.close();
    watched = JSON.stringify(next);
    watchers = next.map((target) => watchOne(target, signal, schedule));
  };
  function schedule(): void {
    clearTimeout(timer);
    // Editors write a file in several steps; one run per burst, never two runs at once.
    timer = setTimeout(() => (running = running.then(run).then(rewatch)), debounceMs);
  }
  await rewatch();
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
  clearTimeout(timer);
  await running;
  for (const w of watchers) w.close();
}
