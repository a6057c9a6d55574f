import { compile } from "@toolgate/compiler";
import { describe, expect, it } from "vitest";
import { jaccard, SIMILARITY_THRESHOLD, tokens } from "../packages/compiler/src/lint/tokens.js";
import { summary } from "./support/definitions.js";
import { repoRoot, specsInput } from "./support/project.js";

const LINT = ["TG510", "TG511", "TG512", "TG513", "TG514", "TG515"];

/** A spec named `tool` with `description`, whose input has the properties `props` (YAML flow). */
const spec = (tool: string, description: string, props = "{ id: { type: string } }"): string =>
  `tool: ${tool}\nversion: 1\ndescription: ${description}\ninput:\n  type: object\n  properties: ${props}\noutput:\n  type: object\n  required: [id]\n  properties:\n    id: { type: string }\nagent_view: [id]\n`;

/** The lint's findings for in-memory specs, linted as `toolgate gen` lints by default. */
async function lint(texts: Record<string, string>): Promise<string[]> {
  const files = new Map(Object.entries(texts));
  return summary((await compile({ files, specs: [...files.keys()], lint: "warning" })).diagnostics, LINT).sort();
}

describe("the tool-selection lint (TG51x)", () => {
  it("passes the example specs", async () => {
    const out = await compile({ ...(await specsInput(`${repoRoot}/specs`)), lint: "warning" });
    expect(summary(out.diagnostics, LINT)).toEqual([]);
  });

  it("flags a description that is too short and does not say what the tool leaves alone, at its line", async () => {
    expect(await lint({ "specs/get_build.yaml": spec("get_build", "x") })).toEqual([
      "TG510 3:1 description is too short for a model to pick the tool by (1 words, fewer than 6)",
      "TG511 3:1 description does not say what the tool does not change",
    ]);
  });

  it("flags a name made of generic words only", async () => {
    expect(await lint({ "specs/run_tool.yaml": spec("run_tool", "Reads the build of one revision. Changes nothing.") })).toEqual([
      'TG512 1:1 tool name "run_tool" says nothing about what it acts on',
    ]);
  });

  it("flags near-duplicate names and descriptions, and identical inputs, at both tools", async () => {
    const texts = {
      "specs/get_build.yaml": spec("get_build", "Reports the status of one build. Changes nothing."),
      "specs/get_builds.yaml": spec("get_builds", "Reports the status of one build run. Changes nothing."),
    };
    const found = await lint(texts);
    expect(found.filter((f) => f.startsWith("TG513"))).toEqual([
      'TG513 1:1 tool name "get_build" is a near-duplicate of "get_builds" (specs/get_builds.yaml) (token similarity 1.00)',
      'TG513 1:1 tool name "get_builds" is a near-duplicate of "get_build" (specs/get_build.yaml) (token similarity 1.00)',
    ]);
    expect(found.filter((f) => f.startsWith("TG514"))).toHaveLength(2);
    expect(found.filter((f) => f.startsWith("TG515"))).toEqual([
      'TG515 4:1 input schema of "get_build" is identical to the input schema of "get_builds" (specs/get_builds.yaml)',
      'TG515 4:1 input schema of "get_builds" is identical to the input schema of "get_build" (specs/get_build.yaml)',
    ]);
  });

  it("leaves distinct tools alone", async () => {
    expect(
      await lint({
        "specs/build_status.yaml": spec("build_status", "Reports the outcome of one build of a revision. Starts nothing."),
        "specs/deploy_revision.yaml": spec("deploy_revision", "Deploys a revision to one environment; does not roll back.", "{ revision: { type: string } }"),
      }),
    ).toEqual([]);
  });

  it("is off for a library caller that does not ask for it", async () => {
    const files = new Map([["specs/get_build.yaml", spec("get_build", "x")]]);
    expect(summary((await compile({ files, specs: ["specs/get_build.yaml"] })).diagnostics, LINT)).toEqual([]);
  });

  it("makes every finding an error under lint: error, and then writes nothing", async () => {
    const files = new Map([["specs/get_build.yaml", spec("get_build", "x")]]);
    const out = await compile({ files, specs: ["specs/get_build.yaml"], lint: "error" });
    expect(out.diagnostics.filter((d) => LINT.includes(d.code)).map((d) => d.severity)).toEqual(["error", "error"]);
    expect(out.files).toEqual([]);
  });

  it("measures similarity as Jaccard over normalized tokens, with the documented threshold", () => {
    expect(SIMILARITY_THRESHOLD).toBe(0.6);
    expect([...tokens("Reads the builds, of a Revision.")]).toEqual(["read", "build", "revision"]);
    expect(jaccard(tokens("build status"), tokens("deployment status"))).toBeCloseTo(1 / 3);
  });
});
