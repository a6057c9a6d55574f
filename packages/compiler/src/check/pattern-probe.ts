import { Worker } from "node:worker_threads";

/**
 * The fallback of the ReDoS gate when the static detector gives up: the pattern is run on generated
 * attack strings in a worker thread, which is terminated when the probes overrun their budget.
 * Linear patterns finish every probe in well under a millisecond; super-linear ones take seconds or
 * never finish, so the verdict has a margin of orders of magnitude and does not flip with load.
 */

export const PROBE_LENGTH = 20_000;
const BUDGET_MS = 500;
// A worker takes tens of milliseconds to start; its start is not part of the budget.
const START_MS = 10_000;
const SUFFIXES = ["\u0000", " ", "!", "\n"];
const SAMPLES = ["a", "A", "0", " ", "-", "_", ".", "@", "/", ":"];
const MAX_LITERALS = 8;

const STARTING = 0;
const RUNNING = 1;
const DONE = 2;

const WORKER = `
const { workerData } = require("node:worker_threads");
const state = new Int32Array(workerData.state);
const regex = new RegExp(workerData.pattern, "u");
Atomics.store(state, 0, ${RUNNING});
Atomics.notify(state, 0);
for (const probe of workerData.probes) regex.test(probe);
Atomics.store(state, 0, ${DONE});
Atomics.notify(state, 0);
`;

/** Characters the pattern names literally (the ones its quantifiers are likely to repeat). */
function literals(pattern: string): string[] {
  const found = [...new Set(pattern.replace(/\\[pPu]\{[^}]*\}|\\./gu, "").match(/[^\\^$.*+?()[\]{}|]/gu) ?? [])];
  return found.slice(0, MAX_LITERALS);
}

/** Runs of one sample or of two literals, each ended by characters that make a match fail late. */
export function attackStrings(pattern: string, length = PROBE_LENGTH): string[] {
  const own = literals(pattern);
  const units = [...new Set([...own, ...SAMPLES])];
  for (const a of own) for (const b of own) if (a !== b) units.push(a + b);
  return units.flatMap((unit) => SUFFIXES.map((suffix) => unit.repeat(Math.ceil(length / unit.length)) + suffix));
}

/** True when the pattern tests every attack string within the budget. */
export function runsLinearly(pattern: string): boolean {
  const state = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, { eval: true, workerData: { pattern, probes: attackStrings(pattern), state: state.buffer } });
  worker.unref();
  Atomics.wait(state, 0, STARTING, START_MS);
  Atomics.wait(state, 0, RUNNING, BUDGET_MS);
  const finished = Atomics.load(state, 0) === DONE;
  void worker.terminate();
  return finished;
}
