import { nearMisses, synthesize, type FixtureBase, type NearMiss, type ToolIR } from "@toolgate/compiler";
import { runFixturesAsync, type AnyFixtureAdapter, type Fixture, type FixtureRun } from "@toolgate/runtime";
import { gotText } from "./test-report.js";

/**
 * A tool's base for its near misses: its first success fixture (by name), with the request id an
 * envelope upstream echoes; else a base synthesized from the schema; else why there is none.
 */
export function nearMissBase(fixtures: readonly Fixture[], tool: ToolIR): { base: FixtureBase } | { reason: string } {
  const first = fixtures.filter((f) => f.tool === tool.tool && f.expect.outcome === "success").sort((a, b) => a.name.localeCompare(b.name))[0];
  if (first !== undefined) {
    const input = first.input as Readonly<Record<string, unknown>>;
    return { base: { raw: first.raw, input, now: first.now, ...(first.requestId === undefined ? {} : { requestId: first.requestId }) } };
  }
  const synthesized = synthesize(tool);
  return synthesized.ok ? { base: synthesized.base } : { reason: synthesized.reason };
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
 * Each near miss as a fixture expecting its failure. An envelope upstream's near miss carries the
 * base's request id, so the one mutation that changes the echoed id is the one to fail at binding for it.
 */
export const nearMissFixtures = (tool: string, misses: readonly NearMiss[]): Fixture[] =>
  misses.map((m) => ({
    name: `${tool} near miss ${m.id}: ${m.description}`,
    tool,
    raw: m.raw,
    input: m.input,
    now: m.now,
    ...(m.requestId === undefined ? {} : { requestId: m.requestId }),
    expect: { outcome: "failure", code: m.expect.code, layer: m.expect.layer },
  }));

/** Runs one tool's near misses through its generated adapter and counts where each was rejected. */
export async function mutationRow(adapter: AnyFixtureAdapter, tool: string, misses: readonly NearMiss[]): Promise<MutationRow> {
  const runs = await runFixturesAsync({ [tool]: adapter }, nearMissFixtures(tool, misses));
  const rejected = runs.filter((r) => r.got?.outcome === "failure");
  return {
    tool,
    generated: runs.length,
    expectedLayer: runs.filter((r) => r.ok).length,
    otherLayer: rejected.filter((r) => !r.ok),
    accepted: runs.filter((r) => r.got?.outcome !== "failure"),
  };
}

/** A tool's mutation row, or why it has none (no success fixture, and no base could be synthesized). */
export type MutationOutcome = MutationRow | { readonly tool: string; readonly reason: string };

/** The near misses of one tool from its base, run through its generated adapter; a reason when it has no base. */
export async function toolMutations(adapter: AnyFixtureAdapter, tool: ToolIR, fixtures: readonly Fixture[]): Promise<MutationOutcome> {
  const found = nearMissBase(fixtures, tool);
  if ("reason" in found) return { tool: tool.tool, reason: found.reason };
  return mutationRow(adapter, tool.tool, nearMisses(tool, found.base));
}

/** A row fails the run when a mutation was rejected at another layer than expected, or accepted. */
export const rowFails = (row: MutationRow): boolean => row.otherLayer.length + row.accepted.length > 0;

const cells = (values: readonly (string | number)[]): string => `| ${values.join(" | ")} |`;

/** The mutation table (Markdown, so CI logs and job summaries show it alike), then each mutation that failed. */
export function formatMutationTable(outcomes: readonly MutationOutcome[]): string[] {
  const rows = outcomes.filter((o): o is MutationRow => "generated" in o);
  const lines = [
    cells(["tool", "mutations", "rejected at the expected layer", "rejected at another layer", "wrongly accepted"]),
    cells(["---", "---:", "---:", "---:", "---:"]),
    ...rows.map((r) => cells([r.tool, r.generated, r.expectedLayer, r.otherLayer.length, r.accepted.length])),
  ];
  for (const o of outcomes) if (!("generated" in o)) lines.push(`no near misses for ${o.tool}: ${o.reason}`);
  for (const row of rows) {
    for (const run of [...row.otherLayer, ...row.accepted]) lines.push(`FAIL ${run.fixture.name}: expected ${expectedOf(run)}, got ${gotText(run)}`);
  }
  return lines;
}

const expectedOf = (run: FixtureRun): string => (run.fixture.expect.outcome === "failure" ? `${run.fixture.expect.code} at ${run.fixture.expect.layer}` : "success");

/** The mutation outcomes as plain data (`--error-format json`). */
export const mutationJson = (outcomes: readonly MutationOutcome[]) =>
  outcomes.map((o) =>
    "generated" in o
      ? {
          tool: o.tool,
          generated: o.generated,
          rejected_at_expected_layer: o.expectedLayer,
          rejected_at_other_layer: o.otherLayer.map((r) => ({ mutation: r.fixture.name, expected: expectedOf(r), got: gotText(r) })),
          wrongly_accepted: o.accepted.map((r) => ({ mutation: r.fixture.name, expected: expectedOf(r), got: gotText(r) })),
        }
      : { tool: o.tool, no_base: o.reason },
  );
