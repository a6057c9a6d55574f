import { isSafePattern } from "redos-detector";
import { PROBE_LENGTH, runsLinearly } from "./pattern-probe.js";

/**
 * `ok`; `measured`: the detector could not prove it safe but it ran linearly on every probe (a
 * warning says so); `invalid`; `redos`: the detector gave up and the probes showed super-linear time.
 */
export type PatternVerdict =
  | { readonly ok: true; readonly measured?: { readonly detail: string; readonly length: number } }
  | { readonly ok: false; readonly reason: "invalid" | "redos"; readonly detail: string };

// A step budget, not a wall-clock timeout, so the detector's answer never depends on machine load.
// Within it the detector either proves a pattern safe or gives up (hitMaxSteps, hitMaxScore); it
// gives up on many linear patterns too, so giving up leads to the measurement, not to a rejection.
const REDOS_MAX_STEPS = 2000;

const verdicts = new Map<string, PatternVerdict>();

/** Validates a schema pattern as an ECMAScript `u` regex and rejects patterns shown to backtrack super-linearly. */
export function checkPattern(pattern: string): PatternVerdict {
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    verdict = judge(pattern);
    verdicts.set(pattern, verdict);
  }
  return verdict;
}

function judge(pattern: string): PatternVerdict {
  try {
    new RegExp(pattern, "u");
  } catch (e) {
    return { ok: false, reason: "invalid", detail: message(e) };
  }
  const doubt = detectorDoubt(pattern);
  if (doubt === undefined) return { ok: true };
  if (runsLinearly(pattern)) return { ok: true, measured: { detail: doubt, length: PROBE_LENGTH } };
  return { ok: false, reason: "redos", detail: doubt };
}

/** Why the detector did not prove the pattern safe, or undefined when it did. */
function detectorDoubt(pattern: string): string | undefined {
  try {
    const result = isSafePattern(withoutGroupNames(pattern), { unicode: true, maxSteps: REDOS_MAX_STEPS });
    return result.safe ? undefined : `the detector stopped at ${result.error}`;
  } catch (e) {
    // Syntax the detector cannot parse (some lookarounds, \k backreferences).
    return `the detector cannot parse it: ${message(e).split("\n")[0]}`;
  }
}

/**
 * `(?<name>…)` as `(…)`: the detector cannot parse group names, which do not change what a pattern
 * matches unless a `\k<name>` refers back to one (then the name stays and the probes decide).
 */
function withoutGroupNames(pattern: string): string {
  return pattern.includes("\\k<") ? pattern : pattern.replace(/(?<!\\)((?:\\\\)*)\(\?<(?![=!])[^>]*>/gu, "$1(");
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
