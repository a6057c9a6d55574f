import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, scratchDir } from "./support/project.js";

/**
 * Users compile generated/ with their own TypeScript. Every pinned compiler (5.9, 6.0 — the
 * project's — and the native 7.0) must accept it, with library checking on, under NodeNext and
 * under Bundler resolution; examples/consumer comes along, so its @ts-expect-error lines must still
 * be errors in each. The control: the same compilers reject a consumer reading a field outside the
 * agent view.
 */

const COMPILERS = [
  ["5.9.3", "typescript-5.9/bin/tsc"],
  ["6.0.3", "typescript/bin/tsc"],
  ["7.0.2", "typescript-7/bin/tsc"],
] as const;
const CONFIGS = ["tsconfig.generated.json", "tsconfig.generated-bundler.json"];

function tsc(bin: string, args: readonly string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(repoRoot, "node_modules", bin), ...args], { cwd: repoRoot, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let scratch: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  scratch = await scratchDir("typescript-versions");
  const consumer = await readFile(join(repoRoot, "examples", "consumer", "review-agent.ts"), "utf8");
  // The consumer with its first @ts-expect-error removed: `view.reviewed_by` must not compile.
  const broken = consumer.replace("../../generated/", "../../../generated/").replace(/^\s*\/\/ @ts-expect-error reviewed_by.*\n/m, "");
  await writeFile(join(scratch.dir, "broken.ts"), broken, "utf8");
  await writeFile(join(scratch.dir, "tsconfig.json"), JSON.stringify({ extends: "../../../tsconfig.generated.json", include: ["broken.ts"] }), "utf8");
});

afterAll(() => scratch.dispose());

describe("generated code across TypeScript versions", () => {
  it.each(COMPILERS)("the pinned %s is the compiler that runs", (version, bin) => {
    expect(tsc(bin, ["--version"]).output.trim()).toBe(`Version ${version}`);
  });

  it.each(COMPILERS.flatMap(([version, bin]) => CONFIGS.map((config) => [version, config, bin] as const)))(
    "TypeScript %s accepts generated/ and examples/consumer (%s)",
    (_version, config, bin) => {
      const run = tsc(bin, ["-p", config]);
      expect(run.output).toBe("");
      expect(run.status).toBe(0);
    },
  );

  it.each(COMPILERS)("TypeScript %s rejects a read outside the agent view", (_version, bin) => {
    const run = tsc(bin, ["-p", join(scratch.dir, "tsconfig.json")]);
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/TS2339: Property 'reviewed_by' does not exist/);
  });
});
