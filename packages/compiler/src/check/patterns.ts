import { isSafePattern } from "redos-detector";
import { complexityOf } from "./pattern-complexity.js";
import { PROBE_LENGTH, runsLinearly } from "./pattern-probe.js";

/**
 * `ok`; `measured`: neither analysis could prove it safe but it ran linearly on every probe (a
 * warning says so); `guard`: polynomial backtracking, so subjects longer than `length` characters
 * are refused unmatched (TG270); `invalid`; `redos`: exponential, or super-linear on the probes.
 */
export type PatternVerdict =
  | { readonly ok: true; readonly measured?: { readonly detail: string; readonly length: number }; readonly guard?: PatternGuard }
  | { readonly ok: false; readonly reason: "invalid" | "redos"; readonly detail: string };

export interface PatternGuard {
  readonly degree: number;
  /** The longest subject matched: the largest n with n^degree within STEP_BUDGET. */
  readonly length: number;
}

// A step budget, not a wall-clock timeout, so the detector's answer never depends on machine load.
// Within it the detector either proves a pattern safe or gives up (hitMaxSteps, hitMaxScore); it
// gives up on many linear patterns too, so giving up leads to the automaton analysis, not to a rejection.
const REDOS_MAX_STEPS = 2000;

/**
 * Backtracking steps one match may take: a degree-d pattern takes on the order of n^d steps on an
 * n-character subject, so n is held to STEP_BUDGET^(1/d) (1,000 characters for a quadratic pattern,
 * 100 for a cubic one), about a millisecond of matching.
 */
export const STEP_BUDGET = 1_000_000;

/** The largest n with n^degree ≤ STEP_BUDGET, in integers (no floating-point root). */
export function guardLength(degree: number): number {
  let n = 1;
  while ((n + 1) ** degree <= STEP_BUDGET) n++;
  return n;
}

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
  const complexity = complexityOf(pattern);
  switch (complexity.kind) {
    case "linear":
      return { ok: true };
    case "polynomial":
      return { ok: true, guard: { degree: complexity.degree, length: guardLength(complexity.degree) } };
    case "exponential":
      return { ok: false, reason: "redos", detail: "exponential backtracking" };
    case "unknown": {
      const detail = `${doubt}, and the automaton analysis cannot decide it (${complexity.detail})`;
      if (runsLinearly(pattern)) return { ok: true, measured: { detail, length: PROBE_LENGTH } };
      return { ok: false, reason: "redos", detail };
    }
  }
}

/** The length guard a pattern compiles with (polynomial backtracking), or undefined. */
export const patternGuard = (pattern: string): PatternGuard | undefined => {
  const verdict = checkPattern(pattern);
  return verdict.ok ? verdict.guard : undefined;
};

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
