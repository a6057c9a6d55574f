// The timing loop of perf-anchors §2: warm-up, calibrated batches, interleaved rounds, gc() before
// every batch, and the run-queue wait of the main thread as a noise indicator.
import { readFileSync } from "node:fs";
import { summarize } from "./stats.mjs";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");

/** A round is "quiet" when neither batch waited for a CPU more than this share of its time. */
const QUIET_WAIT = 0.05;
const MIN_QUIET_ROUNDS = 3;

/** Results are kept here so V8 cannot drop the work as dead code. */
let sink;

/** Nanoseconds this thread has waited for a CPU (Linux schedstat); 0 where unavailable. */
function runQueueWaitNs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return 0;
  }
}

/** `fn.prepare(iterations)`, when a case has it, sets up the batch's inputs before the clock starts. */
function timeBatch(fn, iterations) {
  fn.prepare?.(iterations);
  globalThis.gc();
  const waitBefore = runQueueWaitNs();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = fn();
  const elapsed = Number(process.hrtime.bigint() - start);
  return { nsPerOp: elapsed / iterations, wait: (runQueueWaitNs() - waitBefore) / elapsed };
}

function warmUp(fn, ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) sink = fn();
}

/** Iterations that make one batch last about `batchMs` (at least one), from a quarter-length trial. */
function calibrate(fn, batchMs) {
  const start = performance.now();
  let n = 0;
  do {
    sink = fn();
    n += 1;
  } while (performance.now() - start < batchMs / 4);
  return Math.max(1, Math.round((n * batchMs) / (performance.now() - start)));
}

/**
 * Times `subject` against `base` (JSON.parse of the same text) in `rounds` rounds; the order of the
 * two batches alternates so neither always runs on a freshly collected heap.
 */
export function compare(base, subject, { rounds, warmupMs, batchMs }) {
  warmUp(base, warmupMs);
  warmUp(subject, warmupMs);
  const iterations = { base: calibrate(base, batchMs), subject: calibrate(subject, batchMs) };
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const first = r % 2 === 0 ? "base" : "subject";
    const order = first === "base" ? [["base", base], ["subject", subject]] : [["subject", subject], ["base", base]];
    const round = {};
    for (const [name, fn] of order) round[name] = timeBatch(fn, iterations[name]);
    perRound.push(round);
  }
  const ratioOf = (r) => r.subject.nsPerOp / r.base.nsPerOp;
  const quiet = perRound.filter((r) => Math.max(r.base.wait, r.subject.wait) < QUIET_WAIT);
  return {
    rounds,
    iterations,
    baseNs: summarize(perRound.map((r) => r.base.nsPerOp)),
    subjectNs: summarize(perRound.map((r) => r.subject.nsPerOp)),
    ratio: summarize(perRound.map(ratioOf)),
    quiet: { rounds: quiet.length, ratio: quiet.length >= MIN_QUIET_ROUNDS ? summarize(quiet.map(ratioOf)) : null },
    wait: summarize(perRound.flatMap((r) => [r.base.wait, r.subject.wait])),
    sinkType: typeof sink,
  };
}
