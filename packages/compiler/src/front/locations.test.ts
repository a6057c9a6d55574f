import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { locate } from "../ir/locate.js";
import type { ToolIR } from "../ir/types.js";
import { bundleTool } from "../load/bundle.js";
import { childPointer } from "../load/pointer.js";
import { SourceSet } from "../load/sources.js";
import { buildTool } from "./tool.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The example specs and their referenced schemas, as compile() reads them. */
function exampleSources(): SourceSet {
  const files = new Map<string, string>();
  for (const dir of ["specs", "specs/schemas"]) {
    for (const name of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith(".yaml"))) files.set(`${dir}/${name}`, readFileSync(join(ROOT, dir, name), "utf8"));
  }
  return new SourceSet(files, new DiagnosticCollector());
}

function* pointers(value: unknown, at: string): Generator<string> {
  yield at;
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) yield* pointers(child, childPointer(at, key));
}

const hasFunction = (value: unknown): boolean =>
  typeof value === "function" || (value !== null && typeof value === "object" && Object.values(value).some(hasFunction));

const SPECS = ["build_status", "deployment_status", "job_run_status", "review_status", "ssh_disk_usage"].map((n) => `specs/${n}.yaml`);

describe("the IR is plain data", () => {
  const sources = exampleSources();
  const built = SPECS.map((path) => ({ path, doc: sources.get(path)!, tool: buildTool(sources.get(path)!, sources, new DiagnosticCollector()) }));

  it.each(built)("$path: no function inside, and a structured clone equals it", ({ tool }) => {
    expect(tool).toBeDefined();
    expect(hasFunction(tool)).toBe(false);
    expect(structuredClone(tool)).toEqual(tool);
    expect(Object.isFrozen((tool as ToolIR).locations)).toBe(true);
  });

  it.each(built)("$path: locate(tool, p) is where the bundle places p, for every pointer the IR holds and one more level", ({ doc, tool }) => {
    const bundle = bundleTool(doc, sources, new DiagnosticCollector());
    const ir = tool as ToolIR;
    const roots: [unknown, string][] = [[ir.input, "/input"], [ir.output, "/output"], [doc.value, ""], ...Object.entries(ir.defs).map(([n, d]): [unknown, string] => [d, childPointer("/$defs", n)])];
    let compared = 0;
    for (const [value, at] of roots) {
      for (const p of pointers(value, at)) {
        for (const q of [p, `${p}/not_written`]) {
          expect(locate(ir, q), q).toEqual(bundle.locate(q));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it("locates a definition hoisted from another file in that file", () => {
    const ir = built.map((b) => b.tool!).find((t) => Object.keys(t.defs).some((n) => locate(t, childPointer("/$defs", n)).file !== t.specPath));
    expect(ir).toBeDefined();
  });
});
