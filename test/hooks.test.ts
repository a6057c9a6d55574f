import { compile } from "@toolgate/compiler";
import { describe, expect, it } from "vitest";
import { gateSpec } from "./support/gate-spec.js";

const SPEC = gateSpec("- hook: ownerIsKnown");

const HOOK_LINE = 18;

function compileWithHooks(hooks: string | undefined) {
  return compile({
    files: new Map([["specs/gate.yaml", SPEC]]),
    specs: ["specs/gate.yaml"],
    outDir: "generated",
    ...(hooks === undefined ? {} : { hooks: { path: "specs/hooks.ts", text: hooks } }),
  });
}

const IMPORTS = `import type { GateInput, GateOutput } from "../generated/gate/types.js";\n`;

describe("hook checks are verified against the generated signature", () => {
  it("accepts a hook with the generated signature and wires it into the adapter", async () => {
    const out = await compileWithHooks(`${IMPORTS}export function ownerIsKnown(output: GateOutput, input: GateInput): boolean { return output.id === input.id; }\n`);
    expect(out.diagnostics).toEqual([]);
    const adapter = out.files.find((f) => f.path === "gate/adapter.ts")!.content;
    expect(adapter).toContain('import * as hooks from "../../specs/hooks.js";');
    expect(adapter).toContain('if (hooks.ownerIsKnown(output, input) !== true) return "hook.ownerIsKnown";');
  });

  const failures: [string, string | undefined, RegExp][] = [
    ["no hooks module", undefined, /no hooks module found/],
    ["a missing export", `${IMPORTS}export function ownerKnown(): boolean { return true; }\n`, /has no exported member named 'ownerIsKnown'/],
    ["a wrong parameter type", `export function ownerIsKnown(output: string): boolean { return output === ""; }\n`, /Types of parameters 'output' and 'output' are incompatible/],
    ["a wrong return type", `${IMPORTS}export function ownerIsKnown(output: GateOutput): string { return output.owner; }\n`, /Type 'string' is not assignable to type 'boolean'/],
    ["a non-function export", `export const ownerIsKnown = 42;\n`, /Type 'number' is not assignable/],
  ];
  it.each(failures)("reports %s at the spec's hook line", async (_name, hooks, detail) => {
    const out = await compileWithHooks(hooks);
    expect(out.files).toEqual([]);
    expect(out.diagnostics).toHaveLength(1);
    const [d] = out.diagnostics;
    expect(d).toMatchObject({ code: "TG313", severity: "error", file: "specs/gate.yaml", line: HOOK_LINE, column: 5 });
    expect(d!.message).toMatch(detail);
  });
});

describe("the hook check maps each TypeScript error to its own check", () => {
  const QUOTED_PATH = 'specs/the "hooks" module.ts';
  const TWO_HOOKS = `${SPEC}  - hook: idIsShort\n`;
  const compileQuoted = (hooks: string) =>
    compile({ files: new Map([["specs/gate.yaml", TWO_HOOKS]]), specs: ["specs/gate.yaml"], outDir: "generated", hooks: { path: QUOTED_PATH, text: hooks } });
  const TYPES = `import type { GateInput, GateOutput } from "../generated/gate/types.js";\n`;

  it("imports a hooks module whose path holds quotes, in the check and in the adapter", async () => {
    const out = await compileQuoted(`${TYPES}export const ownerIsKnown = (o: GateOutput, i: GateInput): boolean => o.id === i.id;\nexport const idIsShort = (o: GateOutput, _i: GateInput): boolean => o.id.length < 4;\n`);
    expect(out.diagnostics).toEqual([]);
    const adapter = out.files.find((f) => f.path === "gate/adapter.ts")!.content;
    expect(adapter).toContain(`import * as hooks from "../../specs/the \\"hooks\\" module.js";`);
  });

  it("reports two errors on two checks each at its own hook line", async () => {
    const out = await compileQuoted(`${TYPES}export const ownerIsKnown = (o: GateOutput): string => o.owner;\nexport const idIsShrot = (): boolean => true;\n`);
    expect(out.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["TG313", HOOK_LINE, 5],
      ["TG313", HOOK_LINE + 1, 5],
    ]);
    const [first, second] = out.diagnostics;
    expect(first!.message).toMatch(/ownerIsKnown.*Type 'string' is not assignable to type 'boolean'/);
    expect(first!.message).not.toMatch(/idIsShort/);
    expect(second!.message).toMatch(/idIsShort.*has no exported member named 'idIsShort'/);
  });
});
