import { execFile } from "node:child_process";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { BUILT_CLI, replaceInFile, tempDirsPerTest } from "./support/built-cli.js";
import { repoRoot } from "./support/project.js";

/**
 * gen's no-op path in the built bin: an unchanged project is answered from the cache without loading
 * the full CLI or the compiler's emitters (Prettier, Ajv, the type generator). Observed through the
 * modules the child process loaded and TOOLGATE_DEBUG=gen, never through a timing.
 */

const newDir = tempDirsPerTest("gen-fast");
const TRACE = join(repoRoot, "test", "support", "module-trace.mjs");

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Every ES module URL the process loaded. */
  readonly modules: readonly string[];
}

function traced(cwd: string, ...args: string[]): Promise<Run> {
  const trace = join(cwd, `modules-${Math.random().toString(36).slice(2)}.txt`);
  const env = { ...process.env, TOOLGATE_DEBUG: "gen", TOOLGATE_TRACE_MODULES: trace };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--import", TRACE, BUILT_CLI, "gen", ...args], { cwd, env, encoding: "utf8", timeout: 240_000 }, async (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : undefined;
      if (code === undefined) return reject(error ?? new Error("no exit code"));
      const modules = (await readFile(trace, "utf8").catch(() => "")).split("\n").filter(Boolean);
      resolve({ code, stdout, stderr, modules });
    });
  });
}

/** What the fast path must not load: the full CLI (commander, every command) and the emitters. */
const heavy = (run: Run): string[] => run.modules.filter((url) => /\/cli\/dist\/main\.js$|\/node_modules\/(prettier|ajv|json-schema-to-typescript|ts-morph|commander)\/|\/compiler\/dist\/(emit|front|normalize)\//.test(url));

const answeredFromCache = (run: Run): boolean => run.stderr.includes("toolgate debug: gen: unchanged, answered from the cache");

/** The example project in `dir`, its settings in toolgate.config.yaml and one spec `$ref`-ing a schema outside specs/. */
async function monorepoProject(dir: string): Promise<void> {
  await cp(join(repoRoot, "specs"), join(dir, "contracts"), { recursive: true });
  await mkdir(join(dir, "shared"));
  await cp(join(repoRoot, "specs", "schemas", "common.yaml"), join(dir, "shared", "common.yaml"));
  await replaceInFile(join(dir, "contracts", "build_status.yaml"), '"./schemas/common.yaml#/$defs/revision"', '"../shared/common.yaml#/$defs/revision"');
  const config = ["specs: contracts", "out: out", "hooks: contracts/hooks.ts", "cache: .cache/toolgate", "ignored_keywords: [propertyOrder]", ""];
  await writeFile(join(dir, "toolgate.config.yaml"), config.join("\n"));
}

it("answers an unchanged gen and gen --check from the cache without loading the compiler's emitters, with a config file and a $ref outside specs/", async () => {
  const dir = await newDir();
  await monorepoProject(dir);
  const full = await traced(dir, "--quiet");
  expect(full.code).toBe(0);
  expect(full.stdout).toMatch(/toolgate: 5 tools, \d+ files written, 0 removed, 0 unchanged/);
  expect(heavy(full)).not.toEqual([]);

  const again = await traced(dir, "--quiet");
  expect(answeredFromCache(again)).toBe(true);
  expect(heavy(again)).toEqual([]);
  expect(again.stdout).toBe(full.stdout.replace(/(\d+) files written, 0 removed, 0 unchanged/, "0 files written, 0 removed, $1 unchanged"));

  const check = await traced(dir, "--check");
  expect([check.code, answeredFromCache(check), heavy(check)]).toEqual([0, true, []]);
  expect(check.stdout).toMatch(/^toolgate: \d+ generated files are up to date\n$/);
}, 300_000);

it("leaves a changed project to the full CLI: an edited $ref'd file outside specs/ and a removed output file are compiled", async () => {
  const dir = await newDir();
  await monorepoProject(dir);
  expect((await traced(dir, "--quiet")).code).toBe(0);
  await replaceInFile(join(dir, "shared", "common.yaml"), "A git commit id.", "A git commit id, edited.");
  const edited = await traced(dir, "--quiet");
  expect(answeredFromCache(edited)).toBe(false);
  expect(edited.stdout).toMatch(/ [1-9]\d* files written/);

  await writeFile(join(dir, "out", "index.ts"), "// not what gen wrote\n");
  const check = await traced(dir, "--check");
  expect([check.code, answeredFromCache(check)]).toEqual([1, false]);
  expect(check.stderr).toContain("stale: index.ts");
}, 300_000);
