import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { toolNames } from "../generated/index.js";
import { repoRoot } from "./support/project.js";

/**
 * Issue 10 §3: a polluted Object.prototype or Array.prototype (enumerable or not) never satisfies
 * `required`, never reaches the agent and never routes a call. Each mode runs in a real child
 * process (test/support/polluted-child.ts) that pollutes before the generated adapters load; an
 * unpolluted child is the control.
 */
interface Case {
  readonly tool: string;
  readonly kind: "whole input" | "whole" | "output" | "input" | "other" | "missing sample";
  readonly path?: readonly (string | number)[];
  readonly value?: unknown;
  readonly result?: unknown;
  readonly route?: string;
}

type Mode = { readonly target: "Object" | "Array" | "none"; readonly enumerable: boolean };
const MODES: readonly Mode[] = [
  { target: "Object", enumerable: true },
  { target: "Object", enumerable: false },
  { target: "Array", enumerable: true },
  { target: "Array", enumerable: false },
];

async function runChild(mode: Mode): Promise<Case[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "test/support/polluted-child.ts", JSON.stringify(mode)], {
    cwd: repoRoot,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Case[];
}

const failed = (result: unknown): boolean => typeof result === "object" && result !== null && (result as { outcome?: unknown }).outcome === "failure";
const label = (c: Case): string => `${c.tool} ${c.kind} ${(c.path ?? []).join(".")}`;

const runs = new Map<string, Case[]>();
beforeAll(async () => {
  const all = await Promise.all([{ target: "none", enumerable: false } as const, ...MODES].map(async (m) => [JSON.stringify(m), await runChild(m)] as const));
  for (const [key, cases] of all) runs.set(key, cases);
}, 120_000);

const control = (): Case[] => runs.get(JSON.stringify({ target: "none", enumerable: false }))!;

describe("the unpolluted control", () => {
  it("has a sample for every generated tool, accepted whole, with members whose removal fails and members whose removal is allowed", () => {
    const cases = control();
    expect(cases.filter((c) => c.kind === "missing sample").map((c) => c.tool)).toEqual([]);
    expect(new Set(cases.map((c) => c.tool))).toEqual(new Set(toolNames));
    for (const c of cases.filter((c) => c.kind === "whole")) expect(c.result, c.tool).toMatchObject({ outcome: "success" });
    for (const c of cases.filter((c) => c.kind === "whole input")) expect(c.result, c.tool).toBe("ok");
    const output = cases.filter((c) => c.kind === "output");
    // Both kinds exist, so the polluted runs test required and optional members alike.
    expect(output.filter((c) => failed(c.result)).length).toBeGreaterThan(0);
    expect(output.filter((c) => !failed(c.result)).length).toBeGreaterThan(0);
  });
});

describe.each(MODES)("a polluted %s", (mode) => {
  const polluted = (): Case[] => runs.get(JSON.stringify(mode))!;
  const pairs = (): [Case, Case][] => polluted().map((c, i) => [c, control()[i]!]);

  it("runs the same cases as the control", () => {
    expect(polluted().map(label)).toEqual(control().map(label));
  });

  it("never lets an inherited member stand in for a missing response member: the adapter fails closed", () => {
    for (const [c, base] of pairs().filter(([c]) => c.kind === "output")) {
      // An object inherits from Object.prototype only; Array.prototype must change nothing.
      if (mode.target === "Object") expect(failed(c.result), label(c)).toBe(true);
      else expect(c.result, label(c)).toEqual(base.result);
      if (!JSON.stringify(base.result).includes(JSON.stringify(c.value))) expect(JSON.stringify(c.result), label(c)).not.toContain(JSON.stringify(c.value));
    }
  });

  it("never lets an inherited member stand in for a missing argument, nor become a path segment", () => {
    for (const [c, base] of pairs().filter(([c]) => c.kind === "input")) {
      if (mode.target === "Object") expect(failed(c.result), label(c)).toBe(true);
      else expect(c.result, label(c)).toEqual(base.result);
      expect(JSON.stringify(c.result), label(c)).not.toContain(JSON.stringify(c.value));
      if (c.route !== undefined && !c.route.startsWith("threw")) expect(c.route, label(c)).not.toContain(encodeURIComponent(String(c.value)));
    }
  });

  it("keeps a failure's fields and error from the prototype: the same failure as the control's", () => {
    for (const [c, base] of pairs().filter(([c]) => c.kind === "other")) {
      expect(c.result, label(c)).toEqual(base.result);
      expect(JSON.stringify(c.result), label(c)).not.toContain(c.value);
    }
  });

  it("passes complete arguments and responses through as the control does, or fails them", () => {
    for (const [c, base] of pairs().filter(([c]) => c.kind === "whole" || c.kind === "whole input")) {
      if (c.result !== "ok" && !failed(c.result)) expect(c.result, label(c)).toEqual(base.result);
    }
  });
});
