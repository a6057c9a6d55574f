import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * The adapter module carries its own copy of the selector (issue 19: one module less per tool on
 * the eager path), while select.ts stays for code that imports it. Tools are named like the
 * selector's functions, so the adapter's copy must pick other names and still type-check and agree.
 */

const nestedSpec = (tool: string): Record<string, unknown> => ({
  tool,
  version: 1,
  description: "names like the selector's functions",
  input: { type: "object", properties: {} },
  output: {
    type: "object",
    additionalProperties: false,
    required: ["head", "runs"],
    properties: {
      head: { type: "object", additionalProperties: false, required: ["sha"], properties: { sha: { type: "string" }, ref: { type: "string" } } },
      runs: { type: "array", items: { type: "object", additionalProperties: false, required: ["state"], properties: { state: { type: "string" }, log: { type: "string" } } } },
      note: { type: "string" },
    },
  },
  agent_view: ["head.sha", "head.ref", "runs[].state", "note"],
});

/** A response that is not an object: the selector wraps it under a root name (selectNamedRoot). */
const arraySpec = (tool: string): Record<string, unknown> => ({
  ...nestedSpec(tool),
  output: { type: "array", maxItems: 10, items: { type: "object", additionalProperties: false, required: ["id"], properties: { id: { type: "integer" }, tag: { type: "string" } } } },
  agent_view: ["items[].id"],
});

const OUTPUT = { head: { sha: "abc", ref: "main" }, runs: [{ state: "ok", log: "x" }, { state: "failed" }], note: "n" };
const VIEW = { head: { sha: "abc", ref: "main" }, runs: [{ state: "ok" }, { state: "failed" }], note: "n" };
const CASES: Record<string, { spec: Record<string, unknown>; output: unknown; view: unknown }> = {
  select_agent_view: { spec: nestedSpec("select_agent_view"), output: OUTPUT, view: VIEW },
  select1: { spec: nestedSpec("select1"), output: OUTPUT, view: VIEW },
  select2: { spec: nestedSpec("select2"), output: OUTPUT, view: VIEW },
  select_named_root: { spec: arraySpec("select_named_root"), output: [{ id: 1, tag: "a" }], view: { items: [{ id: 1 }] } },
};
const TOOLS = Object.keys(CASES);

let project: GeneratedProject;

beforeAll(async () => {
  project = await generateProject("adapter-selector", Object.fromEntries(TOOLS.map((t) => [`specs/${t}.json`, JSON.stringify(CASES[t]!.spec)])));
});

afterAll(() => project.dispose());

const content = (path: string): string => project.out.files.find((f) => f.path === path)!.content;

describe("the selector in the adapter module", () => {
  it("is not imported from select.ts, which still exports it", () => {
    for (const tool of TOOLS) {
      expect(content(`${tool}/adapter.ts`)).not.toContain("./select.js");
      expect(content(`${tool}/select.ts`)).toContain("export function selectAgentView(");
    }
  });

  it("type-checks next to tools named like its functions", () => {
    expect(typeCheck(project.out.files.filter((f) => f.path.endsWith(".ts")).map((f) => join(project.dir, f.path)))).toEqual([]);
  });

  it("builds the same agent view as select.ts, undeclared members left out", async () => {
    const { adapters } = await project.load<{ adapters: Record<string, import("./support/generated-project.js").LoadedAdapter> }>("index.ts");
    for (const tool of TOOLS) {
      const { selectAgentView } = await project.load<{ selectAgentView: (d: unknown) => unknown }>(`${tool}/select.ts`);
      const started = adapters[tool]!.call({});
      if (!started.ok) throw new Error(`${tool}: call refused`);
      const { output, view } = CASES[tool]!;
      const result = adapters[tool]!.adapt(JSON.stringify(output), started.call);
      expect(result).toMatchObject({ outcome: "success", data: selectAgentView(output) });
      expect(result.data).toEqual(view);
    }
  });
});
