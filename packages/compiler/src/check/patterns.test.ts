import { describe, expect, it } from "vitest";
import { attackStrings, PROBE_LENGTH } from "./pattern-probe.js";
import { checkPattern } from "./patterns.js";

/** One row per class the gate must tell apart (issue 12: reject only what is shown to be super-linear). */
const TABLE: readonly [pattern: string, expected: "proven" | "measured" | "redos" | "invalid"][] = [
  // Truly exponential.
  ["^(a|a)*$", "redos"],
  ["^(a+)+$", "redos"],
  ["(x+x+)+y", "redos"],
  ["(a*)*b", "redos"],
  ["^(\\w+\\s?)*$", "redos"],
  // Truly polynomial.
  ["^\\S+@\\S+$", "redos"],
  ["^\\d+\\d+$", "redos"],
  ["^(.*a){12}$", "redos"],
  // Linear, but the detector gives up (step or score limit).
  ["^(\\d+\\.\\d+\\.\\d+)|(UNVERSIONED)$", "measured"],
  ["(build|stage|environment)-success", "measured"],
  ["^([a-z0-9]+\\.)*[a-z0-9]+$", "measured"],
  // Named groups, which the detector cannot parse: analysed without their names.
  ["^(?<AssemblyName>\\S+)$", "proven"],
  ["^(?<major>\\d+)\\.(?<minor>\\d+)$", "proven"],
  // A backreference to a name keeps it; the probes decide.
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
  return verdict.measured ? "measured" : "proven";
};

describe("the ReDoS gate", () => {
  it.each(TABLE)("%s is %s", (pattern, expected) => {
    expect(classOf(pattern)).toBe(expected);
  });

  it("says why a measured pattern was not proven and how long the probes were", () => {
    expect(checkPattern("(build|stage|environment)-success")).toEqual({ ok: true, measured: { detail: expect.stringMatching(/^the detector stopped at hit/), length: PROBE_LENGTH } });
    expect(checkPattern("^(?<q>a).*\\k<q>$")).toMatchObject({ measured: { detail: expect.stringMatching(/^the detector cannot parse it/) } });
  });

  it("probes with long runs of the pattern's own literals, each ended by a failing character", () => {
    const probes = attackStrings("^\\S+@\\S+$", 100);
    expect(probes).toContain(`${"@".repeat(100)} `);
    expect(probes.every((p) => p.length >= 100)).toBe(true);
  });
});
