import { createRequire } from "node:module";

/**
 * The backtracking complexity of a pattern by recheck's automaton analysis (MIT): from the pattern's
 * NFA, never from a clock, so the same pattern gets the same class on every machine. Its in-process
 * build (no worker, no native binary) is loaded on first use: most patterns are proven safe by the
 * fast detector before this runs.
 */
export type Complexity =
  | { readonly kind: "linear" }
  | { readonly kind: "polynomial"; readonly degree: number }
  | { readonly kind: "exponential" }
  /** Syntax the analysis does not model (backreferences, some lookarounds), or its size limits. */
  | { readonly kind: "unknown"; readonly detail: string };

interface Diagnostics {
  readonly status: "safe" | "vulnerable" | "unknown";
  readonly complexity?: { readonly type: string; readonly degree?: number };
  readonly error?: { readonly kind: string };
}

type CheckSync = (source: string, flags: string, params: Record<string, unknown>) => Diagnostics;

let checkSync: CheckSync | undefined;

// Only a guard against an analysis that never ends: far above what any pattern here needs, and
// running out leaves the pattern to the measured fallback, never to a guard length.
const SAFETY_TIMEOUT_MS = 30_000;

export function complexityOf(pattern: string): Complexity {
  checkSync ??= (createRequire(import.meta.url)("recheck/lib/browser.js") as { checkSync: CheckSync }).checkSync;
  const result = checkSync(pattern, "u", { checker: "automaton", timeout: SAFETY_TIMEOUT_MS });
  if (result.status === "safe") return { kind: "linear" };
  if (result.status === "unknown") return { kind: "unknown", detail: result.error?.kind ?? "unknown" };
  const degree = result.complexity?.degree;
  if (result.complexity?.type === "polynomial" && typeof degree === "number") return { kind: "polynomial", degree };
  return { kind: "exponential" };
}
