import { compile } from "@toolgate/compiler";
import { describe, expect, it } from "vitest";
import { anthropicTools } from "../generated/definitions.js";
import { summary } from "./support/definitions.js";

/** A spec whose input has `optional` optional string parameters and `unions` optional nullable ones. */
function wideSpec(tool: string, optional: number, unions = 0): string {
  const props = [
    ...Array.from({ length: optional }, (_, i) => `p${i}: { type: string }`),
    ...Array.from({ length: unions }, (_, i) => `u${i}: { type: [string, "null"] }`),
  ];
  return `tool: ${tool}\nversion: 1\ndescription: Reports one ${tool.replace(/_/g, " ")} record. Changes nothing.\ninput: { type: object, properties: { ${props.join(", ")} } }\noutput: { type: object, required: [id], properties: { id: { type: string } } }\nagent_view: [id]\n`;
}

async function compileSpecs(specs: Record<string, string>, strictLimits?: "relax" | "fail") {
  const files = new Map(Object.entries(specs));
  const out = await compile({ files, specs: [...files.keys()], ...(strictLimits && { strictLimits }) });
  const file = (path: string): string => out.files.find((f) => f.path === path)?.content ?? "";
  return { out, file, found: summary(out.diagnostics, ["TG503", "TG530"]) };
}

describe("Anthropic's per-request strict limits", () => {
  it("keep a tool of 29 optional parameters out of strict mode, with TG503", async () => {
    const { file, found } = await compileSpecs({ "specs/wide_report.yaml": wideSpec("wide_report", 29) });
    expect(found).toEqual(["TG503 4:1 Anthropic strict mode: 29 optional parameters exceed the limit of 24 per request; the tool is emitted with strict: false"]);
    expect(file("wide_report/definitions.ts")).toMatch(/input_schema: \w+,\n  strict: false,/);
  });

  it("count union-typed parameters", async () => {
    const { found } = await compileSpecs({ "specs/wide_report.yaml": wideSpec("wide_report", 0, 17) });
    expect(found.filter((f) => f.includes("Anthropic"))).toEqual([expect.stringContaining("17 union-typed parameters exceed the limit of 16 per request")]);
  });

  it("relax the tools after the list's totals pass a limit, in name order, in the list only", async () => {
    const specs = { "specs/a_report.yaml": wideSpec("a_report", 20), "specs/b_report.yaml": wideSpec("b_report", 10) };
    const { file, found } = await compileSpecs(specs);
    expect(found).toEqual(["TG503 1:1 Anthropic strict mode: the generated anthropicTools list up to b_report: 30 optional parameters exceed the limit of 24 per request; the tool is emitted with strict: false"]);
    expect(file("definitions.ts")).toMatch(/anthropicTools: AnthropicTool\[\] = \[\s*aReport\.anthropicTool,\s*\{ \.\.\.bReport\.anthropicTool, strict: false \},?\s*\]/);
    expect(file("b_report/definitions.ts")).toMatch(/strict: true,/);
  });

  it("relax the same tools in the registry's Anthropic binding list", async () => {
    const bound = (spec: string) => spec.replace("agent_view: [id]\n", "agent_view: [id]\nbindings: [anthropic]\n");
    const specs = { "specs/a_report.yaml": bound(wideSpec("a_report", 20)), "specs/b_report.yaml": bound(wideSpec("b_report", 10)) };
    const { file } = await compileSpecs(specs);
    expect(file("bindings/anthropic.ts")).toMatch(/anthropicTools: Tool\[\] = \[\s*aReport\.aReportTool,\s*\{ \.\.\.bReport\.bReportTool, strict: false \},?\s*\]/);
  });

  it("are an error under strictLimits: fail", async () => {
    const specs = { "specs/a_report.yaml": wideSpec("a_report", 20), "specs/b_report.yaml": wideSpec("b_report", 10) };
    const { out, found } = await compileSpecs(specs, "fail");
    expect(found).toEqual(["TG530 1:1 Anthropic strict limits: the generated anthropicTools list up to b_report: 30 optional parameters exceed the limit of 24 per request"]);
    expect(out.files).toEqual([]);
  });

  it("count strict tools: the 21st is relaxed", async () => {
    const specs = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`specs/r${String(i).padStart(2, "0")}_report.yaml`, wideSpec(`r${String(i).padStart(2, "0")}_report`, 0)]));
    const { found } = await compileSpecs(specs);
    expect(found).toEqual([expect.stringContaining("the generated anthropicTools list up to r20_report: 21 strict tools exceed the limit of 20 per request")]);
  });

  it("leave the example list strict", () => {
    expect(anthropicTools.map((t) => t.strict)).toEqual([true, true, true, true, true]);
  });
});
