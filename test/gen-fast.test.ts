import { execFile } from "node:child_process";
import { cp, mkdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
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

// The stat index: an unchanged project is answered from stat data, reading only files whose stat
// changed. Every change below keeps the file's size and mtime where it can (an edit in place set
// back with utimes, as `touch -r` does), so only the ctime, the inode, a listing or the key tells.

const PAST = new Date("2026-01-02T03:04:05Z");

/** An edit in place of the same size, the mtime set back to PAST (the file's mtime must be PAST already). */
async function sameSizeEdit(file: string, from: string, to: string): Promise<void> {
  expect(to.length).toBe(from.length);
  expect((await stat(file)).mtime).toEqual(PAST);
  await replaceInFile(file, from, to);
  await utimes(file, PAST, PAST);
}

/** The project, its files to edit at mtime PAST, generated; then a no-op that the index answers. */
async function indexedProject(dir: string, ...toEdit: string[]): Promise<void> {
  await monorepoProject(dir);
  await mkdir(join(dir, "contracts", "ops"));
  await rename(join(dir, "contracts", "ssh_disk_usage.yaml"), join(dir, "contracts", "ops", "ssh_disk_usage.yaml"));
  await Promise.all(toEdit.filter((p) => !p.startsWith("out/")).map((p) => utimes(join(dir, p), PAST, PAST)));
  expect((await traced(dir, "--quiet")).code).toBe(0);
  await Promise.all(toEdit.filter((p) => p.startsWith("out/")).map((p) => utimes(join(dir, p), PAST, PAST)));
  await expectAnswered(dir);
}

const indexLine = (run: Run): string | undefined => /gen: stat index: (.*)/.exec(run.stderr)?.[1];

async function expectAnswered(dir: string, ...args: string[]): Promise<Run> {
  const run = await traced(dir, "--quiet", ...args);
  expect([run.code, answeredFromCache(run), indexLine(run)]).toEqual([0, true, expect.stringMatching(/^\d+ of \d+ files read/)]);
  return run;
}

/**
 * gen after a change: not answered (the index saw a change, or the options name another index that
 * is not there yet); then gen again is, from the index that run wrote.
 */
async function expectCompiled(dir: string, why: "changed" | "no index", ...args: string[]): Promise<Run> {
  const run = await traced(dir, "--quiet", ...args);
  expect([answeredFromCache(run), indexLine(run)]).toEqual([false, why]);
  await expectAnswered(dir, ...args);
  return run;
}

it("answers a no-op from the stat index, and sees a same-size edit, a deletion and an addition in the output directory", async () => {
  const dir = await newDir();
  await indexedProject(dir, "out/index.ts");
  expect(indexLine(await expectAnswered(dir))).toMatch(/^0 of \d+ files read/);
  await sameSizeEdit(join(dir, "out", "index.ts"), "export", "EXPORT");
  const edited = await traced(dir, "--check");
  expect([edited.code, indexLine(edited), edited.stderr]).toEqual([1, "changed", expect.stringContaining("stale: index.ts")]);
  await expectCompiled(dir, "changed");
  await rm(join(dir, "out", "index.ts"));
  expect((await expectCompiled(dir, "changed")).stdout).toMatch(/ 1 files written/);
  const header = (await readFile(join(dir, "out", "index.ts"), "utf8")).split("\n", 1)[0];
  await writeFile(join(dir, "out", "extra.ts"), `${header}\nexport {};\n`);
  expect((await expectCompiled(dir, "changed")).stdout).toMatch(/ 1 removed/);
}, 300_000);

it("sees a same-size edit of a spec in a sub-folder, of a $ref'd file outside specs/ and of the hooks module, and an added or removed spec", async () => {
  const dir = await newDir();
  const sub = "contracts/ops/ssh_disk_usage.yaml";
  await indexedProject(dir);
  await Promise.all([sub, "shared/common.yaml", "contracts/hooks.ts"].map((p) => utimes(join(dir, p), PAST, PAST)));
  await expectAnswered(dir);
  await sameSizeEdit(join(dir, sub), "Runs `df", "RUNS `df");
  await expectCompiled(dir, "changed");
  await sameSizeEdit(join(dir, "shared", "common.yaml"), "A git commit id.", "A Git commit id.");
  await expectCompiled(dir, "changed");
  // The same bytes written again: a new ctime, so it is read, found unchanged and vouched for.
  await sameSizeEdit(join(dir, "contracts", "hooks.ts"), "export", "export");
  await expectAnswered(dir);
  await sameSizeEdit(join(dir, "contracts", "hooks.ts"), "import type", "import\ttype");
  await expectCompiled(dir, "changed");
  const copy = (await readFile(join(dir, sub), "utf8")).replace("tool: ssh_disk_usage", "tool: ssh_disk_usage_copy");
  await writeFile(join(dir, "contracts", "ops", "copy.yaml"), copy);
  expect((await expectCompiled(dir, "changed")).stdout).toMatch(/6 tools/);
  await rm(join(dir, "contracts", "ops", "copy.yaml"));
  expect((await expectCompiled(dir, "changed")).stdout).toMatch(/5 tools/);
}, 300_000);

it("sees a spec replaced by another file of the same size and mtime, a changed config file or option, and reads a racy file on every run", async () => {
  const dir = await newDir();
  const spec = join(dir, "contracts", "review_status.yaml");
  await indexedProject(dir, "contracts/review_status.yaml");
  const replacement = join(dir, "replacement.yaml");
  await writeFile(replacement, (await readFile(spec, "utf8")).replace("Reads the review", "READS the review"));
  await utimes(replacement, PAST, PAST);
  await rename(replacement, spec);
  await expectCompiled(dir, "changed");
  await replaceInFile(join(dir, "toolgate.config.yaml"), "ignored_keywords: [propertyOrder]", "ignored_keywords: []");
  await expectCompiled(dir, "no index");
  // An mtime ahead of the index's own write time proves nothing: the file is read on each run.
  const ahead = new Date(Date.now() + 3_600_000);
  await utimes(spec, ahead, ahead);
  await expectAnswered(dir);
  expect(indexLine(await expectAnswered(dir))).toMatch(/^1 of \d+ files read/);
  await expectCompiled(dir, "no index", "--lint", "error");
}, 300_000);
