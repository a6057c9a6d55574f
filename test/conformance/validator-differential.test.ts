import { isMultipleOf, type Validator } from "@toolgate/runtime";
import fc from "fast-check";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leanValidatorModule } from "../../packages/compiler/src/emit/lean/module.js";
import { ROOT_KEYS } from "../../packages/compiler/src/codegen/names.js";
import { standaloneSource, toRuntimeModule, validatorDocument } from "../../packages/compiler/src/emit/validators.js";
import { childPointer, resolvePointer } from "../../packages/compiler/src/load/pointer.js";
import { compileDir, repoRoot, scratchDir } from "../support/project.js";
import { instanceArbitrary, mutate } from "../support/schema-arbitrary.js";

/**
 * The boolean emitter against Ajv's standalone code for the same document, on every root of every
 * spec in the repository: generated, mostly valid instances and one-node mutations of them. Both
 * must give the same verdict on each; the run must see plenty of both verdicts.
 *
 * One difference is deliberate: Ajv tests multipleOf on the binary quotient (`q !== parseInt(q)`),
 * so 1.13 is no multiple of 0.01 and 1e21 none of 1; ours compares the decimal values.
 */

/** Whether some number in the value is one where Ajv's binary multipleOf and the decimal one differ. */
function ajvMultipleOfDiffers(value: unknown, divisors: readonly number[]): boolean {
  if (typeof value === "number") {
    return divisors.some((m) => {
      const q = value / m;
      return (q === Number.parseInt(String(q), 10)) !== isMultipleOf(value, m);
    });
  }
  return typeof value === "object" && value !== null && Object.values(value).some((v) => ajvMultipleOfDiffers(v, divisors));
}

const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 3_000);
const SEED = 20261129;
const PROJECTS = ["specs", "bench/specs", "test/fixtures/validators/specs", ...["allof", "nested", "opened", "shared-ref"].map((c) => `test/fixtures/golden/${c}/specs`)];
const ROOTS = Object.entries(ROOT_KEYS);

interface Pair {
  readonly label: string;
  readonly document: Record<string, unknown>;
  readonly pointer: string;
  readonly lean: Validator;
  readonly ajv: Validator;
  /** Every multipleOf in the document. */
  readonly divisors: readonly number[];
}

let scratch: { dir: string; dispose: () => Promise<void> };
const pairs: Pair[] = [];

async function load(path: string, source: string): Promise<Record<string, Validator>> {
  await writeFile(path, source, "utf8");
  return (await import(path)) as Record<string, Validator>;
}

beforeAll(async () => {
  scratch = await scratchDir("validator-differential");
  for (const project of PROJECTS) {
    const { tools, diagnostics } = await compileDir(join(repoRoot, project));
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const tool of tools) {
      const document = validatorDocument(tool);
      const exports = Object.fromEntries(ROOTS.map(([name, key]) => [name, childPointer("/$defs", key)]));
      const lean = leanValidatorModule(document, exports);
      if (typeof lean !== "string") throw new Error(`${tool.tool}: ${lean.message}`);
      const ajv = toRuntimeModule(standaloneSource(document, Object.fromEntries(ROOTS.map(([name, key]) => [name, `urn:toolgate:${tool.tool}#/$defs/${key}`]))), tool.tool);
      const dir = join(scratch.dir, tool.tool);
      await mkdir(dir, { recursive: true });
      const [leanModule, ajvModule] = [await load(join(dir, "lean.ts"), lean), await load(join(dir, "ajv.ts"), ajv)];
      for (const [name] of ROOTS) {
        const divisors = [...JSON.stringify(document).matchAll(/"multipleOf":([0-9.eE+-]+)/g)].map((m) => Number(m[1]));
        pairs.push({ label: `${tool.tool} ${name}`, document, pointer: exports[name]!, lean: leanModule[name]!, ajv: ajvModule[name]!, divisors });
      }
    }
  }
}, 300_000);

afterAll(() => scratch.dispose());

describe("boolean validators agree with Ajv's", () => {
  it("covers every spec root in the repository", () => {
    expect(pairs.length).toBe(12 * ROOTS.length);
  });

  it("gives Ajv's verdict on generated instances and their mutations", () => {
    for (const pair of pairs) {
      const verdicts = { valid: 0, invalid: 0 };
      const schema = resolvePointer(pair.document, pair.pointer)!.value;
      const instance = fc.tuple(instanceArbitrary(schema, pair.document), fc.nat(), fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: 0, max: 2 }));
      fc.assert(
        fc.property(instance, ([value, choice, replacement, mutations]) => {
          let candidate = value;
          for (let i = 0; i < mutations; i++) candidate = mutate(candidate, choice + i * 7919, replacement);
          const expected = pair.ajv(candidate);
          verdicts[expected ? "valid" : "invalid"]++;
          if (pair.lean(candidate) === expected) return;
          if (ajvMultipleOfDiffers(candidate, pair.divisors)) return;
          throw new Error(`${pair.label}: lean says ${!expected} for ${JSON.stringify(candidate)}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      // Neither verdict may be rare, or the comparison would test little.
      expect(verdicts.valid, `${pair.label} valid`).toBeGreaterThan(RUNS / 10);
      expect(verdicts.invalid, `${pair.label} invalid`).toBeGreaterThan(RUNS / 10);
    }
  }, 600_000);
});
