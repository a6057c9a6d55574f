import { compile, type CompileOutput } from "@toolgate/compiler";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "./support/project.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * Tools named like a binding that generated code declares or imports next to theirs: the runtime
 * helpers an adapter or client imports, a sibling file's exports, the type every types.ts imports
 * (`agent` → `AgentResult`), the hooks namespace, and definitions.ts's lists (`mcp_tools`). Each file
 * keeps its own names and aliases such an import, so every module still type-checks and runs.
 */
const NAMES = [
  "agent", "create_adapter", "error_table", "own_member", "parse_date_time", "path_segment", "select_agent_view",
  "validate_input", "validate_output", "validate_agent_view", "read_call_tool_result", "undeclared_members",
  "omit_null_optionals", "hooks", "contract", "read_result", "mcp_tools", "anthropic_tools",
];

function specFor(tool: string): string {
  return JSON.stringify({
    tool,
    version: 1,
    description: `Named ${tool}.`,
    input: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[a-z]+$" } } },
    output: { type: "object", required: ["id", "at"], properties: { id: { type: "string" }, at: { type: "string", format: "date-time" } } },
    agent_view: ["id", "at"],
    checks: [{ bind: "id" }, { fresh: { field: "at", max_age: "1h", max_future: "1h" } }, ...(tool === "hooks" ? [{ hook: "known" }] : [])],
    ...(tool === "undeclared_members" ? { unknown_members: "ignore" } : {}),
    upstream: { kind: "http", method: "GET", path: "/items/{id}" },
  });
}

const HOOKS = `import type { HooksInput, HooksOutput } from "../generated/hooks/types.js";
export function known(output: HooksOutput, input: HooksInput): boolean {
  return output.id === input.id;
}
`;

let out: CompileOutput;
let scratch: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  const files = new Map([...NAMES.map((n) => [`specs/${n}.json`, specFor(n)] as const), ["specs/hooks.ts", HOOKS] as const]);
  out = await compile({ files, specs: NAMES.map((n) => `specs/${n}.json`), hooks: { path: "specs/hooks.ts", text: HOOKS } });
  scratch = await scratchDir("bindings");
  const written = [...out.files.map((f) => [join("generated", f.path), f.content]), ["specs/hooks.ts", HOOKS]];
  for (const [path, content] of written) {
    await mkdir(dirname(join(scratch.dir, path!)), { recursive: true });
    await writeFile(join(scratch.dir, path!), content!, "utf8");
  }
});

afterAll(() => scratch.dispose());

describe("tools named like generated bindings", () => {
  it("compile without errors", () => {
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("produce TypeScript that type-checks with zero diagnostics", () => {
    const ts = out.files.filter((f) => f.path.endsWith(".ts")).map((f) => join(scratch.dir, "generated", f.path));
    expect(typeCheck([...ts, join(scratch.dir, "specs/hooks.ts")])).toEqual([]);
  });

  it("keep their own names, and each adapter runs its checks and route through the aliased helpers", async () => {
    const index = await import(join(scratch.dir, "generated/index.ts"));
    expect(Object.keys(index.adapters).sort()).toEqual([...NAMES].sort());
    expect([index.pathSegment.tool, index.ownMember.tool, index.hooks.tool]).toEqual(["path_segment", "own_member", "hooks"]);
    expect(index.pathSegmentRoute.pathFor({ id: "a/b" })).toBe("/items/a%2Fb");
    for (const name of NAMES) {
      const adapter = index.adapters[name];
      const started = adapter.call({ id: "abc" });
      const fresh = adapter.adapt(JSON.stringify({ id: "abc", at: new Date().toISOString() }), started.call);
      const unbound = adapter.adapt(JSON.stringify({ id: "xyz", at: new Date().toISOString() }), started.call);
      expect([name, fresh.outcome, unbound.outcome]).toEqual([name, "success", "failure"]);
    }
  });

  it("list every tool's definitions under definitions.ts's own names", async () => {
    const definitions = await import(join(scratch.dir, "generated/definitions.ts"));
    expect(definitions.mcpTools.map((t: { name: string }) => t.name).sort()).toEqual([...NAMES].sort());
    expect(definitions.anthropicTools).toHaveLength(NAMES.length);
  });
});
