import type { FixtureRun } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { depthOf } from "./check.js";
import { formatRuns, junitReport, mismatchText } from "./test-report.js";

const fixture = (name: string, tool = "t1") =>
  ({ name, tool, raw: "{}", input: {}, now: "2026-12-01T10:00:00Z", expect: { outcome: "failure", code: "INVALID_RESPONSE", layer: "schema" } }) as const;

const passed: FixtureRun = { fixture: fixture("specs/t1.fixtures/a.yaml"), ok: true, got: { outcome: "failure", code: "INVALID_RESPONSE", layer: "schema", check: undefined }, event: undefined };
const accepted: FixtureRun = { fixture: fixture('specs/t1.fixtures/<b&"c">.yaml'), ok: false, got: { outcome: "success", data: {} }, event: undefined };

describe("test reports", () => {
  it("names fixture, expected and got for a mismatch, and counts", () => {
    expect(mismatchText(accepted)).toBe("expected failure INVALID_RESPONSE at schema, got success");
    expect(formatRuns([passed, accepted], "text")).toEqual({
      lines: ["ok   specs/t1.fixtures/a.yaml (failure INVALID_RESPONSE at schema)", "toolgate: 2 fixtures, 1 passed, 1 failed"],
      problems: ['FAIL specs/t1.fixtures/<b&"c">.yaml: expected failure INVALID_RESPONSE at schema, got success'],
    });
  });

  it("writes JUnit XML with every name escaped and control characters and lone surrogates replaced", () => {
    const odd: FixtureRun = { ...accepted, fixture: fixture("specs/t2.fixtures/\u0007\ud800.yaml", "t2") };
    expect(junitReport([passed, accepted, odd])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="toolgate" tests="3" failures="2">',
        '  <testsuite name="t1" tests="2" failures="1">',
        '    <testcase classname="t1" name="specs/t1.fixtures/a.yaml"/>',
        '    <testcase classname="t1" name="specs/t1.fixtures/&#60;b&#38;&#34;c&#34;&#62;.yaml">',
        '      <failure message="expected failure INVALID_RESPONSE at schema, got success"/>',
        "    </testcase>",
        "  </testsuite>",
        '  <testsuite name="t2" tests="1" failures="1">',
        '    <testcase classname="t2" name="specs/t2.fixtures/\ufffd\ufffd.yaml">',
        '      <failure message="expected failure INVALID_RESPONSE at schema, got success"/>',
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });
});

describe("depthOf", () => {
  it("counts nesting outside strings only", () => {
    expect(depthOf('{"a":[{"b":"[[{{\\"]]"}]}')).toBe(3);
    expect(depthOf("42")).toBe(0);
    expect(depthOf("[".repeat(100_000))).toBe(100_000);
  });
});
