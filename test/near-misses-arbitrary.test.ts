import { nearMisses, synthesize, toolNames, type FixtureBase, type NearMiss, type ToolIR } from "@toolgate/compiler";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validatorDocument } from "../packages/compiler/src/emit/validators.js";
import { generateProject, type GeneratedProject, type LoadedAdapter } from "./support/generated-project.js";
import { mutationSpecs, specText } from "./support/mutation-schemas.js";
import { judge, run } from "./support/near-miss.js";
import { instanceArbitrary, mutate } from "./support/schema-arbitrary.js";

/**
 * Near misses of random specs (test/support/mutation-schemas.ts) through their generated adapters.
 * Bases are the synthesized one and random instances of the output that the adapter accepts; from
 * each, every near miss must be refused where it says. Bases the adapter refuses, and mangled ones,
 * must not make the generator throw.
 */

const TOOLS = 16;
const BASES = 12;
const SEED = 14_2026;
const NOW = "2026-06-01T08:00:00Z";
const REQUEST_ID = "req_arbitrary_base_0001";

const specs = fc.sample(mutationSpecs, { numRuns: TOOLS, seed: SEED });
const texts = Object.fromEntries(specs.map((s, i) => [`specs/nm_${i}.json`, specText(`nm_${i}`, s)]));

let project: GeneratedProject;
beforeAll(async () => {
  project = await generateProject("near-miss-arbitrary", texts);
}, 300_000);
afterAll(async () => project.dispose());

/** A base around a random output instance: bound and fresh as the checks ask, in the envelope if the tool has one. */
function instanceBase(tool: ToolIR, value: unknown): FixtureBase {
  const output = { ...(value as object), id: "abcd", at: NOW };
  const response = tool.upstream.envelope ? { tool: tool.tool, request_id: REQUEST_ID, outcome: "success", data: output } : output;
  return { raw: JSON.stringify(response), input: { id: "abcd" }, now: NOW, ...(tool.upstream.envelope ? { requestId: REQUEST_ID } : {}) };
}

function basesOf(tool: ToolIR): FixtureBase[] {
  const synthesized = synthesize(tool);
  const instances = fc.sample(instanceArbitrary(tool.output, validatorDocument(tool)), { numRuns: BASES, seed: SEED });
  return [...(synthesized.ok ? [synthesized.base] : []), ...instances.map((v) => instanceBase(tool, v))];
}

interface Tally {
  bases: number;
  accepted: number;
  misses: number;
  wrong: string[];
}

function check(tool: ToolIR, adapter: LoadedAdapter, base: FixtureBase, tally: Tally): void {
  tally.bases++;
  const misses: readonly NearMiss[] = nearMisses(tool, base);
  if (run(adapter, base).outcome !== "success") return;
  tally.accepted++;
  tally.misses += misses.length;
  for (const miss of misses) {
    const { verdict, got } = judge(adapter, miss);
    if (verdict !== "expected") tally.wrong.push(`${tool.tool} ${miss.id}: expected ${miss.expect.layer}, got ${got}\n  base ${base.raw}\n  spec ${texts[`specs/${tool.tool}.json`]}`);
  }
}

describe("near misses of random specs", () => {
  it("are refused where they say, from every accepted base", async () => {
    const tally: Tally = { bases: 0, accepted: 0, misses: 0, wrong: [] };
    let synthesized = 0;
    for (const tool of project.out.tools) {
      const adapter = await project.adapter(toolNames(tool.tool).camel.toString());
      const own = synthesize(tool);
      if (own.ok) synthesized++;
      if (own.ok && run(adapter, own.base).outcome !== "success") tally.wrong.push(`${tool.tool}: synthesized base refused: ${own.base.raw}`);
      for (const base of basesOf(tool)) check(tool, adapter, base, tally);
    }
    console.log(`random specs: ${TOOLS} tools (${synthesized} with a synthesized base), ${tally.bases} bases, ${tally.accepted} accepted, ${tally.misses} near misses, ${tally.wrong.length} wrong`);
    expect(tally.wrong.slice(0, 5)).toEqual([]);
    expect(synthesized).toBeGreaterThan(TOOLS / 2);
    expect(tally.accepted).toBeGreaterThan(TOOLS * 2);
    expect(tally.misses).toBeGreaterThan(tally.accepted * 10);
  }, 300_000);

  it("never throw, whatever the base", () => {
    const tools = project.out.tools;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: tools.length - 1 }), fc.jsonValue({ maxDepth: 3 }), fc.nat(), fc.string(), (i, replacement, choice, text) => {
        const tool = tools[i]!;
        const [value] = fc.sample(instanceArbitrary(tool.output, validatorDocument(tool)), { numRuns: 1, seed: choice });
        const mangled = instanceBase(tool, mutate(value, choice, replacement));
        for (const base of [mangled, { ...mangled, raw: text }, { ...mangled, raw: mangled.raw.slice(0, choice % (mangled.raw.length + 1)) }]) {
          expect(() => nearMisses(tool, base)).not.toThrow();
        }
      }),
      { numRuns: 200, seed: SEED },
    );
  });
});
