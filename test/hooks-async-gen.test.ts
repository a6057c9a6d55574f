import { describe, expect, it } from "vitest";
import { gateSpec as spec } from "./support/gate-spec.js";
import { compileTexts } from "./support/project.js";


const CHECK_LINE = 18;
const IMPORTS = `import type { GateInput, GateOutput } from "../generated/gate/types.js";\n`;
const ASYNC_HOOK = `${IMPORTS}export async function ownerIsKnown(output: GateOutput, _input: GateInput, signal: AbortSignal): Promise<boolean> { return !signal.aborted && output.owner !== ""; }\n`;
const SYNC_HOOK = `${IMPORTS}export function ownerIsKnown(output: GateOutput, _input: GateInput): boolean { return output.owner !== ""; }\n`;

const compileWith = (check: string, hooks: string) => compileTexts({ "specs/gate.yaml": spec(check), "specs/hooks.ts": hooks });
const adapterOf = (files: readonly { path: string; content: string }[]) => files.find((f) => f.path === "gate/adapter.ts")!.content;

describe("an async hook check", () => {
  it("gets an async adapter with the check's budget (default 2000 ms), and stays out of the sync semantic checks", async () => {
    const out = await compileWith("- { hook: ownerIsKnown, async: true }", ASYNC_HOOK);
    expect(out.diagnostics).toEqual([]);
    const adapter = adapterOf(out.files);
    expect(adapter).toContain("createAsyncAdapter<GateInput, GateOutput, GateAgentView>({");
    expect(adapter).toContain('  asyncChecks: [\n    { id: "hook.ownerIsKnown", budgetMs: 2000, run: hooks.ownerIsKnown },\n  ],\n');
    expect(adapter).toContain("semantic: () => undefined,");
  });

  it("takes budget_ms from the spec", async () => {
    const out = await compileWith("- { hook: ownerIsKnown, async: true, budget_ms: 750 }", ASYNC_HOOK);
    expect(adapterOf(out.files)).toContain("budgetMs: 750,");
  });

  it("keeps a sync hook's adapter sync", async () => {
    const out = await compileWith("- hook: ownerIsKnown", SYNC_HOOK);
    const adapter = adapterOf(out.files);
    expect(adapter).toContain("createAdapter<GateInput, GateOutput, GateAgentView>({");
    expect(adapter).not.toContain("asyncChecks");
  });
});

describe("the hook check is exact both ways", () => {
  it("rejects an async function exported for a sync check", async () => {
    const out = await compileWith("- hook: ownerIsKnown", ASYNC_HOOK);
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ code: "TG313", line: CHECK_LINE, column: 5 });
    expect(out.diagnostics[0]!.message).toContain("the hook returns a Promise: declare async: true on the check");
  });

  it("rejects a sync function exported for an async check", async () => {
    const out = await compileWith("- { hook: ownerIsKnown, async: true }", SYNC_HOOK);
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ code: "TG313", line: CHECK_LINE, column: 5 });
    expect(out.diagnostics[0]!.message).toContain("the check is async: true, so the hook must return Promise<boolean>");
  });
});

describe("async and budget_ms are checked where they are written", () => {
  const cases: [string, string, string, number, RegExp][] = [
    ["a budget of 0", "- { hook: ownerIsKnown, async: true, budget_ms: 0 }", "TG340", 40, /budget_ms 0 is not a whole number of milliseconds from 1 to 60000/],
    ["a budget above 60 s", "- { hook: ownerIsKnown, async: true, budget_ms: 60001 }", "TG340", 40, /budget_ms 60001/],
    ["a fractional budget", "- { hook: ownerIsKnown, async: true, budget_ms: 1.5 }", "TG340", 40, /budget_ms 1.5/],
    ["a budget on a sync hook", "- { hook: ownerIsKnown, budget_ms: 100 }", "TG341", 27, /budget_ms on a sync hook \(add async: true\)/],
    ["async on a bind check", "- { bind: owner, async: true }", "TG341", 20, /async on a bind or fresh check/],
  ];
  it.each(cases)("reports %s", async (_name, check, code, column, message) => {
    const out = await compileWith(check, ASYNC_HOOK);
    expect(out.files).toEqual([]);
    const d = out.diagnostics.find((x) => x.code === code)!;
    expect(d).toMatchObject({ severity: "error", file: "specs/gate.yaml", line: CHECK_LINE, column });
    expect(d.message).toMatch(message);
  });
});
