import { isSafePattern } from "redos-detector";

export type PatternVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: "invalid" | "redos"; readonly detail: string };

// A pattern the detector cannot prove safe within this many steps is treated as unsafe: fail closed.
// A step budget, not a wall-clock timeout, so the verdict (and the generated output) never depends on
// machine load; 2000 steps decide every pattern measured in about a second at worst.
const REDOS_MAX_STEPS = 2000;

const verdicts = new Map<string, PatternVerdict>();

/** Validates a schema pattern as an ECMAScript `u` regex and rejects patterns that can backtrack catastrophically. */
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
    return { ok: false, reason: "invalid", detail: e instanceof Error ? e.message : String(e) };
  }
  try {
    const result = isSafePattern(pattern, { unicode: true, maxSteps: REDOS_MAX_STEPS });
    return result.safe ? { ok: true } : { ok: false, reason: "redos", detail: result.error };
  } catch (e) {
    // The detector cannot analyse some constructs (e.g. certain lookarounds); fail closed.
    return { ok: false, reason: "redos", detail: e instanceof Error ? e.message : String(e) };
  }
}
