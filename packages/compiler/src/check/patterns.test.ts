import { describe, expect, it } from "vitest";
import { checkPattern } from "./patterns.js";

describe("the ReDoS gate", () => {
  it("rejects the CVE-2025-69873 set and a quadratic pattern", () => {
    for (const pattern of ["^(a|a)*$", "^(a+)+$", "(x+x+)+y", "(a*)*b", "^\\S+@\\S+$"]) {
      expect(checkPattern(pattern), pattern).toMatchObject({ ok: false, reason: "redos" });
    }
  });

  it("accepts linear patterns, including one that takes the detector long to prove safe", () => {
    // The last one needed ~550 ms of analysis here: a wall-clock budget made its verdict depend on load.
    for (const pattern of ["^CR-[0-9]{1,10}$", "^[a-z0-9][a-z0-9-]{2,62}$", "^run_[A-Za-z0-9]{12,48}$", "^-->|</script>|'|\"$"]) {
      expect(checkPattern(pattern), pattern).toEqual({ ok: true });
    }
  });

  it("reports an invalid regex as invalid, not as ReDoS", () => {
    expect(checkPattern("([a-")).toMatchObject({ ok: false, reason: "invalid" });
  });
});
