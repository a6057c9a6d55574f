import { describe, expect, it } from "vitest";
import { generateProject } from "./support/generated-project.js";
import { compileTexts } from "./support/project.js";

/** `vocabulary: { formats: assert | annotate }`: what `format` means in a spec's schemas (issue 12). */

function spec(vocabulary: string): string {
  return [
    "tool: t1",
    "version: 1",
    "description: Reads one thing.",
    ...(vocabulary === "" ? [] : [`vocabulary: ${vocabulary}`]),
    "input: { type: object }",
    "output:",
    "  type: object",
    "  required: [ok]",
    "  properties:",
    "    ok: { type: boolean }",
    "    mail: { type: string, format: email }",
    "    name: { type: string, format: idn-hostname-of-the-future }",
    "agent_view: [ok]",
    "",
  ].join("\n");
}

describe("vocabulary.formats", () => {
  it("annotate: no format validates anything, supported or not, and none is reported", async () => {
    const project = await generateProject("formats-annotate", { "specs/t1.yaml": spec("{ formats: annotate }") });
    try {
      expect(project.out.diagnostics.filter((d) => d.code === "TG216" || d.code === "TG251")).toEqual([]);
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      expect([validateOutput({ ok: true, mail: "not an address", name: "x" }), validateOutput({ ok: true, mail: 1 })]).toEqual([true, false]);
    } finally {
      await project.dispose();
    }
  });

  it("assert (the default): a supported format fails a value that does not match, an unknown one is TG216", async () => {
    const out = await compileTexts({ "specs/t1.yaml": spec("") });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}`)).toEqual(["TG216 11"]);
    const asserted = spec("{ formats: assert }").replace("    name: { type: string, format: idn-hostname-of-the-future }\n", "");
    const project = await generateProject("formats-assert", { "specs/t1.yaml": asserted });
    try {
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      expect([validateOutput({ ok: true, mail: "not an address" }), validateOutput({ ok: true, mail: "a@example.com" })]).toEqual([false, true]);
    } finally {
      await project.dispose();
    }
  });

  it("refuses a value other than assert or annotate", async () => {
    const out = await compileTexts({ "specs/t1.yaml": spec("{ formats: ignore }") });
    expect(out.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["TG113"]);
  });
});
