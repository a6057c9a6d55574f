import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateSpec } from "./support/gate-spec.js";
import { compileTexts, repoRoot, scratchDir } from "./support/project.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * gen's hook check and tsc on the generated project agree: each hooks module that gen accepts
 * type-checks with the adapter it generated, and each one gen rejects fails tsc too. The rejected
 * ones are checked against the adapter generated for a valid hooks module of the same kind.
 */

const IMPORTS = `import type { GateInput, GateOutput } from "../generated/gate/types.js";\n`;
const SYNC = "- hook: ownerIsKnown";
const ASYNC = "- { hook: ownerIsKnown, async: true }";

interface Variant {
  readonly name: string;
  readonly check: string;
  readonly hook: string;
  /** Whether both gen and tsc accept it. */
  readonly accepted: boolean;
}

const sync = (name: string, fn: string, accepted: boolean): Variant => ({ name, check: SYNC, hook: `${IMPORTS}export ${fn}\n`, accepted });
const VARIANTS: readonly Variant[] = [
  sync("the full signature", "function ownerIsKnown(output: GateOutput, _input: GateInput): boolean { return output.owner !== ''; }", true),
  sync("one parameter of two", "function ownerIsKnown(output: GateOutput): boolean { return output.owner !== ''; }", false),
  sync("no parameter", "const ownerIsKnown = (): boolean => true;", false),
  sync("an optional third parameter", "function ownerIsKnown(output: GateOutput, _input: GateInput, strict?: boolean): boolean { return strict !== true && output.owner !== ''; }", true),
  sync("rest parameters", "function ownerIsKnown(...args: unknown[]): boolean { return args.length === 2; }", true),
  sync("a required third parameter", "function ownerIsKnown(output: GateOutput, _input: GateInput, strict: boolean): boolean { return strict && output.owner !== ''; }", false),
  sync("a wrong parameter type", "function ownerIsKnown(output: string, _input: GateInput): boolean { return output === ''; }", false),
  {
    name: "an async hook with one parameter of three",
    check: ASYNC,
    hook: `${IMPORTS}export async function ownerIsKnown(output: GateOutput): Promise<boolean> { return output.owner !== ""; }\n`,
    accepted: true,
  },
];

/** A hooks module of the check's kind that gen accepts, to generate the project the variant is checked in. */
const VALID: Readonly<Record<string, string>> = {
  [SYNC]: VARIANTS[0]!.hook,
  [ASYNC]: `${IMPORTS}export async function ownerIsKnown(output: GateOutput, _input: GateInput, _signal: AbortSignal): Promise<boolean> { return output.owner !== ""; }\n`,
};

const compileWith = (check: string, hooks: string) => compileTexts({ "specs/gate.yaml": gateSpec(check), "specs/hooks.ts": hooks });

/** Writes the generated project of a valid hooks module with the variant's hooks module in its place; returns the files to type-check. */
async function writeProject(dir: string, v: Variant): Promise<string[]> {
  const out = await compileWith(v.check, VALID[v.check]!);
  expect(out.diagnostics).toEqual([]);
  const files = [...out.files.map((f) => [join(dir, "generated", f.path), f.content] as const), [join(dir, "specs/hooks.ts"), v.hook] as const];
  for (const [path, content] of files) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, "utf8");
  }
  return [join(dir, "generated/gate/adapter.ts"), join(dir, "specs/hooks.ts")];
}

describe("gen's hook check and tsc agree on the generated project", () => {
  let scratch: { dir: string; dispose: () => Promise<void> };
  const tscErrors = new Map<string, string[]>();
  beforeAll(async () => {
    scratch = await scratchDir("hooks-tsc");
    const dirs = VARIANTS.map((_, i) => join(scratch.dir, `v${i}`));
    const files = (await Promise.all(VARIANTS.map((v, i) => writeProject(dirs[i]!, v)))).flat();
    // One program for every variant: each error is attributed to the variant whose directory it names.
    const errors = typeCheck(files);
    VARIANTS.forEach((v, i) => tscErrors.set(v.name, errors.filter((e) => e.includes(`${relative(repoRoot, dirs[i]!)}/`))));
  });
  afterAll(() => scratch.dispose());

  it.each(VARIANTS)("$name", async (v) => {
    const out = await compileWith(v.check, v.hook);
    const gen = out.diagnostics.map((d) => `${d.code} ${d.message}`);
    expect({ gen: gen.length === 0, tsc: tscErrors.get(v.name)!.length === 0 }).toEqual({ gen: v.accepted, tsc: v.accepted });
  });

  it("tells how to fix a sync hook that declares fewer parameters than the adapter passes", async () => {
    const out = await compileWith(SYNC, VARIANTS[1]!.hook);
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ code: "TG313", file: "specs/gate.yaml", line: 18, column: 5 });
    expect(out.diagnostics[0]!.message).toContain("Expected 1 arguments, but got 2.");
    expect(out.diagnostics[0]!.message).toContain("declare both parameters");
  });
});
