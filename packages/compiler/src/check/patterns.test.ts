import { describe, expect, it } from "vitest";
import { attackStrings, PROBE_LENGTH } from "./pattern-probe.js";
import { checkPattern, guardLength, STEP_BUDGET } from "./patterns.js";

/** One row per class the gate must tell apart (issue 12: reject only what is shown to be super-linear). */
const TABLE: readonly [pattern: string, expected: "proven" | "measured" | "redos" | "invalid" | `guard ${number}`][] = [
  // Truly exponential.
  ["^(a|a)*$", "redos"],
  ["^(a+)+$", "redos"],
  ["(x+x+)+y", "redos"],
  ["(a*)*b", "redos"],
  ["^(\\w+\\s?)*$", "redos"],
  // Truly polynomial: compiled with a length guard from the degree (n^degree ≤ STEP_BUDGET).
  ["^\\S+@\\S+$", "guard 1000"],
  ["^\\d+\\d+$", "guard 1000"],
  ["f.*o", "guard 1000"],
  ["a.*b.*c", "guard 100"],
  ["^(.*a){12}$", "guard 3"],
  // Linear, but the detector gives up (step or score limit): the automaton analysis proves them.
  ["^(\\d+\\.\\d+\\.\\d+)|(UNVERSIONED)$", "proven"],
  ["(build|stage|environment)-success", "proven"],
  ["^([a-z0-9]+\\.)*[a-z0-9]+$", "proven"],
  // Named groups, which the detector cannot parse: analysed without their names.
  ["^(?<AssemblyName>\\S+)$", "proven"],
  ["^(?<major>\\d+)\\.(?<minor>\\d+)$", "proven"],
  // A backreference neither analysis models: the probes decide.
  ["^(?<q>['\"]).*\\k<q>$", "measured"],
  // Linear and proven so, including one that takes the detector long to prove safe.
  ["^CR-[0-9]{1,10}$", "proven"],
  ["^[a-z0-9][a-z0-9-]{2,62}$", "proven"],
  ["^-->|</script>|'|\"$", "proven"],
  ["([a-", "invalid"],
];

const classOf = (pattern: string): string => {
  const verdict = checkPattern(pattern);
  if (!verdict.ok) return verdict.reason;
  if (verdict.guard) return `guard ${verdict.guard.length}`;
  return verdict.measured ? "measured" : "proven";
};

describe("the ReDoS gate", () => {
  it.each(TABLE)("%s is %s", (pattern, expected) => {
    expect(classOf(pattern)).toBe(expected);
  });

  it("says why a measured pattern was not proven and how long the probes were", () => {
    expect(checkPattern("^(?<q>a).*\\k<q>$")).toEqual({
      ok: true,
      measured: { detail: expect.stringMatching(/^the detector cannot parse it.*the automaton analysis cannot decide it \(unsupported\)$/), length: PROBE_LENGTH },
    });
  });

  it("derives the guard from the degree alone: the largest n with n^degree within the step budget", () => {
    expect([1, 2, 3, 4, 5, 6].map(guardLength)).toEqual([STEP_BUDGET, 1000, 100, 31, 15, 10]);
    expect(checkPattern("\\s*$")).toEqual({ ok: true, guard: { degree: 2, length: 1000 } });
  });

  it("probes with long runs of the pattern's own literals, each ended by a failing character", () => {
    const probes = attackStrings("^\\S+@\\S+$", 100);
    expect(probes).toContain(`${"@".repeat(100)} `);
    expect(probes.every((p) => p.length >= 100)).toBe(true);
  });
});
