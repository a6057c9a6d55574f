import { runFixtures, type Fixture, type FixtureAdapter, type FixtureRun, type Layer } from "@toolgate/runtime";
import { gotText } from "./test-report.js";

/**
 * Mirrors `NearMiss` of @toolgate/compiler (the near-miss generator, issue 14); replaced by that
 * import when both are merged.
 */
export interface NearMiss {
  readonly id: string;
  /** what was changed and where, e.g. "extra property at /build" */
  readonly description: string;
  /** the raw upstream response text */
  readonly raw: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** RFC 3339 clock for the call */
  readonly now: string;
  readonly expect: { readonly layer: Layer; readonly code: string };
}

/** Mirrors `FixtureBase` of @toolgate/compiler: the valid response the near misses derive from. */
export interface FixtureBase {
  readonly raw: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly now: string;
}

/**
 * A tool's base for its near misses: its first success fixture (by path), with the request id an
 * envelope upstream echoes; undefined when it has none (then the compiler synthesizes one).
 */
export function successBase(fixtures: readonly Fixture[], tool: string): { base: FixtureBase; requestId: string | undefined } | undefined {
  const first = fixtures.filter((f) => f.tool === tool && f.expect.outcome === "success").sort((a, b) => a.name.localeCompare(b.name))[0];
  if (first === undefined) return undefined;
  return { base: { raw: first.raw, input: first.input as Readonly<Record<string, unknown>>, now: first.now }, requestId: first.requestId };
}

/** One tool's row of the mutation table, and the mutations that fail the run. */
export interface MutationRow {
  readonly tool: string;
  readonly generated: number;
  readonly expectedLayer: number;
  readonly otherLayer: readonly FixtureRun[];
  readonly accepted: readonly FixtureRun[];
}

/**
 * Each near miss as a fixture expecting its failure. `requestId` is the base's request id (envelope
 * upstreams echo it), so a mutation that changes the echoed id is the only one to fail at binding for it.
 */
export const nearMissFixtures = (tool: string, misses: readonly NearMiss[], requestId: string | undefined): Fixture[] =>
  misses.map((m) => ({
    name: `${tool} near miss ${m.id}: ${m.description}`,
    tool,
    raw: m.raw,
    input: m.input,
    now: m.now,
    ...(requestId === undefined ? {} : { requestId }),
    expect: { outcome: "failure", code: m.expect.code, layer: m.expect.layer },
  }));

/** Runs one tool's near misses through its generated adapter and counts where each was rejected. */
export function mutationRow(adapter: FixtureAdapter, tool: string, misses: readonly NearMiss[], requestId?: string): MutationRow {
  const runs = runFixtures({ [tool]: adapter }, nearMissFixtures(tool, misses, requestId));
  const rejected = runs.filter((r) => r.got?.outcome === "failure");
  return {
    tool,
    generated: runs.length,
    expectedLayer: runs.filter((r) => r.ok).length,
    otherLayer: rejected.filter((r) => !r.ok),
    accepted: runs.filter((r) => r.got?.outcome !== "failure"),
  };
}

/** A row fails the run when a mutation was rejected at another layer than expected, or accepted. */
export const rowFails = (row: MutationRow): boolean => row.otherLayer.length + row.accepted.length > 0;

const cells = (values: readonly (string | number)[]): string => `| ${values.join(" | ")} |`;

/** The mutation table (Markdown, so CI logs and job summaries show it alike), then each mutation that failed. */
export function formatMutationTable(rows: readonly MutationRow[]): string[] {
  const lines = [
    cells(["tool", "mutations", "rejected at the expected layer", "rejected at another layer", "wrongly accepted"]),
    cells(["---", "---:", "---:", "---:", "---:"]),
    ...rows.map((r) => cells([r.tool, r.generated, r.expectedLayer, r.otherLayer.length, r.accepted.length])),
  ];
  for (const row of rows) {
    for (const run of [...row.otherLayer, ...row.accepted]) {
      const expect = run.fixture.expect;
      const expected = expect.outcome === "failure" ? `${expect.code} at ${expect.layer}` : "success";
      lines.push(`FAIL ${run.fixture.name}: expected ${expected}, got ${gotText(run)}`);
    }
  }
  return lines;
}
