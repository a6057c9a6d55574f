import { githubAnnotation, type ErrorFormat } from "@toolgate/compiler";
import { firstSchemaError, type FixtureExpectation, type FixtureGot, type FixtureRun } from "@toolgate/runtime";

const failureText = (code: string, layer: string | undefined, check: string | undefined): string =>
  `failure ${code} at ${layer ?? "?"}${check === undefined ? "" : ` (${check})`}`;

export const expectedText = (e: FixtureExpectation): string => (e.outcome === "success" ? "success" : failureText(e.code, e.layer, e.check));

/** What a run gave, in the words its expectation uses; a success shows its data only when data was what differed. */
export function gotText(run: FixtureRun): string {
  const got: FixtureGot | undefined = run.got;
  if (got === undefined) return `not run: ${run.problem}`;
  if (got.outcome === "failure") return failureText(got.code, got.layer, got.check);
  return run.fixture.expect.outcome === "success" ? `success with other data ${JSON.stringify(got.data)}` : "success";
}

/** A run's first schema error, as `path keyword (limit N)`; the response's value is never shown. */
export function firstErrorText(run: FixtureRun): string | undefined {
  const e = firstSchemaError(run);
  if (e === undefined) return undefined;
  const limit = e.params?.limit === undefined ? "" : ` (limit ${e.params.limit})`;
  const name = e.params?.additionalProperty ?? e.params?.unevaluatedProperty ?? e.params?.missingProperty;
  return `${e.instancePath || "/"} ${e.keyword}${limit}${name === undefined ? "" : ` ${JSON.stringify(name)}`} at ${e.schemaPath}`;
}

/** One mismatch in words: fixture, expected, got, first schema error. */
export function mismatchText(run: FixtureRun): string {
  const first = firstErrorText(run);
  return `expected ${expectedText(run.fixture.expect)}, got ${gotText(run)}${first === undefined ? "" : `; first schema error: ${first}`}`;
}

function summary(runs: readonly FixtureRun[]): string {
  const failed = runs.filter((r) => !r.ok).length;
  return `toolgate: ${runs.length} fixtures, ${runs.length - failed} passed, ${failed} failed`;
}

/** The fixture results as plain data (`--error-format json`). */
export const fixtureRows = (runs: readonly FixtureRun[]) =>
  runs.map((r) => ({ fixture: r.fixture.name, tool: r.fixture.tool, ok: r.ok, expected: expectedText(r.fixture.expect), got: gotText(r), first_schema_error: firstErrorText(r) ?? null }));

/** The fixture results in the chosen format; mismatches go to the returned `problems` (stderr), the rest to `lines` (stdout). */
export function formatRuns(runs: readonly FixtureRun[], format: ErrorFormat): { lines: string[]; problems: string[] } {
  if (format === "json") return { lines: [JSON.stringify(fixtureRows(runs), null, 2)], problems: [] };
  const lines = runs.filter((r) => r.ok).map((r) => `ok   ${r.fixture.name} (${expectedText(r.fixture.expect)})`);
  const problems = runs
    .filter((r) => !r.ok)
    .map((r) => (format === "github" ? githubAnnotation({ severity: "error", file: r.fixture.name, line: 1, title: "fixture", message: mismatchText(r) }) : `FAIL ${r.fixture.name}: ${mismatchText(r)}`));
  return { lines: [...lines, summary(runs)], problems };
}

const xml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, "\ufffd");

/** JUnit XML (one testsuite per tool, one testcase per fixture), for CI test reporters. */
export function junitReport(runs: readonly FixtureRun[]): string {
  const tools = [...new Set(runs.map((r) => r.fixture.tool))].sort();
  const suites = tools.map((tool) => {
    const mine = runs.filter((r) => r.fixture.tool === tool);
    const cases = mine.map((r) => {
      const open = `    <testcase classname="${xml(tool)}" name="${xml(r.fixture.name)}"`;
      return r.ok ? `${open}/>` : `${open}>\n      <failure message="${xml(mismatchText(r))}"/>\n    </testcase>`;
    });
    return [`  <testsuite name="${xml(tool)}" tests="${mine.length}" failures="${mine.filter((r) => !r.ok).length}">`, ...cases, "  </testsuite>"].join("\n");
  });
  const failures = runs.filter((r) => !r.ok).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="toolgate" tests="${runs.length}" failures="${failures}">\n${suites.join("\n")}\n</testsuites>\n`;
}
