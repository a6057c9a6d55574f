import { nearMisses, synthesize, synthesizeBase, type FixtureBase, type NearMiss, type ToolIR } from "@toolgate/compiler";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject } from "./support/generated-project.js";
import { exampleProject, run, table, type ExampleProject } from "./support/near-miss.js";
import { compileTexts, repoRoot } from "./support/project.js";

/**
 * Issue 14: near misses generated from each example spec, run through the real generated adapters.
 * The base (synthesized, or recorded where a hook decides) must be accepted; every near miss must be
 * refused at exactly the layer and with the code it names.
 */

/** review_status has a hook (reviewerIsKnown), so its base is a recorded response, pretty-printed as an upstream sends it. */
const RECORDED: Readonly<Record<string, FixtureBase>> = {
  review_status: {
    raw: JSON.stringify({ change_id: "CR-42", decision: "approved", reviewed_by: "alice", observed_at: "2026-03-01T11:59:30Z", message: "Looks good" }, null, 2),
    input: { change_id: "CR-42" },
    now: "2026-03-01T12:00:00Z",
  },
};

const FAMILIES = [
  "extra-property", "null", "array-for-object", "object-for-array", "missing-required", "empty-string",
  "max-length-plus-one", "min-length-minus-one", "below-minimum", "above-maximum", "enum-case", "enum-trailing-space",
  "pattern-near-miss", "duplicate-member", "duplicate-escaped-member", "success-with-error", "wrong-tool",
  "foreign-request-id", "bind-changed", "fresh-too-old", "fresh-too-new", "byte-limit-plus-one", "depth-limit-plus-one",
];

const family = (miss: NearMiss): string => miss.id.split(":")[0]!;

let project: ExampleProject;
beforeAll(async () => {
  project = await exampleProject("near-miss");
});
afterAll(async () => project.dispose());

function baseOf(tool: ToolIR): FixtureBase {
  const synthesized = synthesize(tool);
  if (synthesized.ok) return synthesized.base;
  expect(synthesized.reason).toMatch(/^hook checks \(\w+\) may refuse any synthesized value/);
  return RECORDED[tool.tool]!;
}

describe("near misses of the example specs", () => {
  it("are each refused by the generated adapter at the layer they name", async () => {
    const seen = new Set<string>();
    const rows: string[] = ["| tool | base | generated | at expected layer | at another layer | wrongly accepted |", "| --- | --- | --- | --- | --- | --- |"];
    expect(project.tools.map((t) => t.tool)).toEqual(["build_status", "deployment_status", "job_run_status", "review_status", "ssh_disk_usage"]);
    for (const tool of project.tools) {
      const adapter = await project.adapter(tool.tool);
      const base = baseOf(tool);
      expect(run(adapter, base), `${tool.tool} base`).toMatchObject({ outcome: "success" });
      const misses = nearMisses(tool, base);
      const { counts, wrong } = table(adapter, misses);
      rows.push(`| ${tool.tool} | ${RECORDED[tool.tool] ? "recorded" : "synthesized"} | ${counts.generated} | ${counts.expected} | ${counts["other-layer"]} | ${counts.accepted} |`);
      expect(wrong, tool.tool).toEqual([]);
      expect(new Set(misses.map((m) => m.id)).size).toBe(misses.length);
      misses.forEach((m) => seen.add(family(m)));
    }
    console.log(`near misses per example spec:\n${rows.join("\n")}`);
    expect([...seen].sort()).toEqual([...FAMILIES].sort());
  });

  it("are the same list in the same order on every call", () => {
    for (const tool of project.tools) {
      const base = baseOf(tool);
      expect(nearMisses(tool, base)).toEqual(nearMisses(tool, base));
      expect(synthesize(tool)).toEqual(synthesize(tool));
    }
  });
});

describe("the judge", () => {
  it("counts a near miss labelled with the wrong layer, and a response that is no near miss", async () => {
    const tool = project.tools.find((t) => t.tool === "deployment_status")!;
    const adapter = await project.adapter(tool.tool);
    const base = baseOf(tool);
    const [first] = nearMisses(tool, base);
    const mislabelled: NearMiss = { ...first!, expect: { layer: "binding", code: "INVALID_RESPONSE" } };
    const accepted: NearMiss = { ...first!, id: "base", raw: base.raw };
    expect(table(adapter, [mislabelled, accepted]).counts).toEqual({ generated: 2, expected: 0, "other-layer": 1, accepted: 1 });
  });
});

const PROBE = readFileSync(join(repoRoot, "test/fixtures/near-miss/probe.yaml"), "utf8");

describe("near misses of one probe spec", () => {
  it("step over exclusive and fractional bounds, and leave out what the schema accepts", async () => {
    const probe = await generateProject("near-miss-probe", { "specs/probe.yaml": PROBE });
    try {
      const tool = probe.out.tools[0]!;
      const base = synthesizeBase(tool)!;
      const misses = nearMisses(tool, base);
      expect(table(await probe.adapter("probe"), misses).wrong).toEqual([]);
      const ids = misses.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining(["below-minimum:/ratio", "at-exclusive-maximum:/ratio", "above-maximum:/count", "at-exclusive-minimum:/count", "empty-string:/mail", "enum-case:/mode:\"manual\""]));
      expect(misses.find((m) => m.id === "below-minimum:/ratio")!.raw).toContain('"ratio":0.49999999999999994');
      // An explicitly open object takes any member; a nullable one takes null; a uri-reference may be empty;
      // `auto` and `AUTO` are both in the enum; nothing below the anyOf is certain to be refused.
      for (const absent of ["extra-property:/open", "null:/maybe", "empty-string:/ref", "enum-case:/mode:\"auto\"", "enum-case:/mode:\"AUTO\""]) expect(ids).not.toContain(absent);
      expect(ids.filter((id) => id.includes("/choice"))).toEqual(["missing-required:/choice"]);
    } finally {
      await probe.dispose();
    }
  });

  it("generate no extra member under unknown_members: ignore, where the member would be accepted and dropped", async () => {
    const out = await compileTexts({ "specs/probe.yaml": PROBE.replace("errors: []", "errors: []\nunknown_members: ignore") });
    const tool = out.tools[0]!;
    const ids = nearMisses(tool, synthesizeBase(tool)!).map((m) => m.id);
    expect(ids.filter((id) => id.startsWith("extra-property"))).toEqual([]);
    expect(ids).toContain("missing-required:/key");
  });

  it("give a reason instead of a base where the schema asks for what the synthesizer does not build", async () => {
    const swap = (from: string, to: string) => compileTexts({ "specs/probe.yaml": PROBE.replace(from, to) }).then((o) => synthesize(o.tools[0]!));
    expect(await swap("anyOf:", "oneOf:")).toEqual({ ok: false, reason: 'output: required member "choice": oneOf is not synthesized' });
    expect(await swap("format: email }", 'pattern: "^(?=a)\\\\w+@x$" }')).toEqual({ ok: false, reason: 'output: required member "mail": no value of an allowed type satisfies its keywords' });
  });
});
