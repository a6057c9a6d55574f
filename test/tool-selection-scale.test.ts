import fc from "fast-check";
import { readdir, readFile } from "node:fs/promises";
import { deepEqual } from "@toolgate/runtime";
import { describe, expect, it } from "vitest";
import { frontEnd } from "../packages/compiler/src/compile.js";
import { diagnostic, sortDiagnostics, type Diagnostic } from "../packages/compiler/src/diagnostics/diagnostic.js";
import { DiagnosticCollector } from "../packages/compiler/src/diagnostics/sink.js";
import { toolSchemas } from "../packages/compiler/src/emit/definitions/tool-file.js";
import type { ToolIR } from "../packages/compiler/src/ir/types.js";
import { locate } from "../packages/compiler/src/ir/locate.js";
import { toolFindings } from "../packages/compiler/src/lint/description.js";
import { lintToolSelection, MAX_LISTED_PAIRS } from "../packages/compiler/src/lint/selection.js";
import { jaccard, SIMILARITY_THRESHOLD, tokens } from "../packages/compiler/src/lint/tokens.js";
import { repoRoot } from "./support/project.js";

/** The lint as it was before the index (every pair compared): the reference the indexed lint must equal. */
function bruteForceLint(tools: readonly ToolIR[]): Diagnostic[] {
  const facts = tools.map((tool) => ({ tool, name: tokens(tool.tool.replace(/_/g, " ")), description: tokens(tool.description), input: toolSchemas(tool).input.schema }));
  const pairs = facts.flatMap((a, i) =>
    facts.slice(i + 1).flatMap((b) => {
      const both = (code: "TG513" | "TG514" | "TG515", pointer: string, similarity?: number): Diagnostic[] =>
        [[a.tool, b.tool], [b.tool, a.tool]].map(([self, other]) =>
          diagnostic(code, locate(self!, pointer), { tool: JSON.stringify(self!.tool), other: `${JSON.stringify(other!.tool)} (${other!.specPath})`, similarity: similarity?.toFixed(2) ?? "" }),
        );
      const name = jaccard(a.name, b.name);
      const description = jaccard(a.description, b.description);
      return [
        ...(name >= SIMILARITY_THRESHOLD ? both("TG513", "/tool", name) : []),
        ...(description >= SIMILARITY_THRESHOLD ? both("TG514", "/description", description) : []),
        ...(deepEqual(a.input, b.input) ? both("TG515", "/input") : []),
      ];
    }),
  );
  return [...tools.flatMap(toolFindings), ...pairs];
}

async function toolsOf(texts: ReadonlyMap<string, string>): Promise<ToolIR[]> {
  const sink = new DiagnosticCollector();
  const specs = [...texts.keys()].filter((path) => !path.startsWith("specs/schemas/"));
  const tools = await frontEnd({ files: texts, specs }, sink);
  expect(sink.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return tools;
}

const spec = (tool: string, description: string, props: string): string =>
  `tool: ${tool}\nversion: 1\ndescription: ${description}\ninput:\n  type: object\n  properties: ${props}\noutput:\n  type: object\n  required: [id]\n  properties:\n    id: { type: string }\nagent_view: [id]\n`;

/** `copies` renamed copies of each example spec, as bench/gen.mjs synthesizes a project. */
async function exampleCopies(copies: number): Promise<Map<string, string>> {
  const names = (await readdir(`${repoRoot}/specs`)).filter((n) => n.endsWith(".yaml")).sort();
  const files = new Map<string, string>();
  for (const name of names) {
    const text = await readFile(`${repoRoot}/specs/${name}`, "utf8");
    for (let copy = 0; copy < copies; copy++) {
      const tool = `${name.replace(/\.yaml$/, "")}_${copy}`;
      files.set(`specs/${tool}.yaml`, text.replace(/^tool: .*$/m, `tool: ${tool}`));
    }
  }
  for (const schema of await readdir(`${repoRoot}/specs/schemas`)) files.set(`specs/schemas/${schema}`, await readFile(`${repoRoot}/specs/schemas/${schema}`, "utf8"));
  return files;
}

const WORDS = ["get", "build", "builds", "status", "deploy", "revision", "log", "the", "one", "read", "2"];
const words = (min: number, max: number) => fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max });
const PROPS = ["{ id: { type: string } }", "{ id: { type: string }, n: { type: integer } }", "{ revision: { type: string } }"];

describe("the indexed tool-selection lint at scale", () => {
  it("finds what comparing every pair finds, on random specs (no summaries)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ name: words(1, 3), description: words(0, 8), props: fc.constantFrom(...PROPS) }), { maxLength: 9 }), async (drawn) => {
        const texts = new Map(drawn.map((d, i) => [`specs/t${i}.yaml`, spec(`t${i}_${d.name.join("_")}`, JSON.stringify(d.description.join(" ") || "the"), d.props)]));
        const tools = await toolsOf(texts);
        expect(sortDiagnostics(lintToolSelection(tools, "warning", Infinity))).toEqual(sortDiagnostics(bruteForceLint(tools)));
      }),
      { numRuns: 40 },
    );
  });

  it("finds what comparing every pair finds, on copies of the example specs", async () => {
    const tools = await toolsOf(await exampleCopies(4));
    const reference = sortDiagnostics(bruteForceLint(tools));
    expect(reference.length).toBeGreaterThan(0);
    expect(sortDiagnostics(lintToolSelection(tools, "warning", Infinity))).toEqual(reference);
  });

  it("summarizes a tool's near-duplicates past MAX_LISTED_PAIRS: one finding per tool and kind", async () => {
    const tools = await toolsOf(await exampleCopies(MAX_LISTED_PAIRS + 2));
    const found = lintToolSelection(tools, "warning");
    expect(found.filter((d) => ["TG513", "TG514", "TG515"].includes(d.code))).toEqual([]);
    const at = (code: string) => found.filter((d) => d.code === code);
    // Each copy's description and input equal its four siblings'; the names (`build_status_0`, `_1`) differ in a token.
    expect(at("TG523")).toHaveLength(tools.length);
    expect(at("TG524").length).toBeGreaterThanOrEqual(tools.length);
    const first = at("TG523").find((d) => d.file === "specs/build_status_0.yaml")!;
    expect(`${first.line}:${first.column} ${first.message}`).toMatch(
      /^\d+:\d+ description of "build_status_0" is a near-duplicate of the descriptions of 4 other tools, among them "build_status_1" \(specs\/build_status_1.yaml\) 1.00, "build_status_2" \(specs\/build_status_2.yaml\) 1.00, "build_status_3" \(specs\/build_status_3.yaml\) 1.00 \(token similarity after each\)$/,
    );
  });

  it("keeps pair findings up to MAX_LISTED_PAIRS near-duplicates", async () => {
    const tools = await toolsOf(await exampleCopies(MAX_LISTED_PAIRS + 1));
    expect(sortDiagnostics(lintToolSelection(tools, "warning"))).toEqual(sortDiagnostics(bruteForceLint(tools)));
  });
});
