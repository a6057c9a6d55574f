import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listFiles } from "../packages/cli/src/files.js";
import { runBuiltCli } from "./support/built-cli.js";
import { runCli, type CliResult } from "./support/cli.js";
import { repoRoot, tempDir } from "./support/project.js";
import { readTree } from "./support/tree.js";

/**
 * The gen cache never changes a byte: two copies of the example project, one generated with the
 * cache and one with --no-cache, get the same edits, and after each the two output trees, exit
 * codes and printed lines must be identical.
 */

let tmp: { dir: string; dispose: () => Promise<void> };
const cached = (...p: string[]): string => join(tmp.dir, "cached", ...p);
const fresh = (...p: string[]): string => join(tmp.dir, "fresh", ...p);
const cacheDir = (): string => join(tmp.dir, "cache");

const gen = (root: (...p: string[]) => string, ...extra: string[]): Promise<CliResult> =>
  runCli("gen", "--specs", root("specs"), "--out", root("generated"), ...extra);

/** The same edit in both copies. */
async function edit(path: string, change: (text: string) => string): Promise<void> {
  for (const root of [cached, fresh]) await writeFile(root(path), change(await readFile(root(path), "utf8")), "utf8");
}

/** Gen in both copies; both must agree on everything (paths in messages differ by the copy's name only). */
async function genBoth(): Promise<CliResult> {
  const withCache = await gen(cached, "--cache-dir", cacheDir());
  const without = await gen(fresh, "--no-cache");
  expect(await readTree(cached("generated"))).toEqual(await readTree(fresh("generated")));
  expect(withCache.code).toBe(without.code);
  expect(withCache.stdout.replaceAll(cached(), fresh())).toBe(without.stdout);
  expect(withCache.stderr.replaceAll(cached(), fresh())).toBe(without.stderr);
  return withCache;
}

const entries = async (): Promise<string[]> => (await listFiles(cacheDir())).map((p) => join(cacheDir(), p));

beforeAll(async () => {
  tmp = await tempDir("gen-cache");
  for (const root of [cached, fresh]) {
    await cp(join(repoRoot, "specs"), root("specs"), { recursive: true });
    await cp(join(repoRoot, "generated"), root("generated"), { recursive: true });
  }
  // Start both from an output that needs writing, so the first run is a full one.
  for (const root of [cached, fresh]) await rm(root("generated", "review_status"), { recursive: true });
});

afterAll(() => tmp.dispose());

it("gives the bytes of an uncached gen: cold, warm, after edits, after losing or corrupting entries", async () => {
  expect((await genBoth()).stdout).toMatch(/toolgate: 5 tools, 7 files written/);
  expect((await entries()).length).toBeGreaterThan(5);
  expect((await genBoth()).stdout).toMatch(/0 files written, 0 removed, 47 unchanged$/);

  await edit("specs/deployment_status.yaml", (t) => t.replace(/^description: .*$/m, "description: Reports a deployment, edited."));
  expect((await genBoth()).stdout).toMatch(/ [1-9]\d* files written/);

  await edit("specs/schemas/common.yaml", (t) => t.replace("A project slug.", "A project slug, edited."));
  expect((await genBoth()).stdout).toMatch(/ [1-9]\d* files written/);

  await edit("specs/hooks.ts", (t) => t.replace("export function reviewerIsKnown", "export function reviewerIsRenamed"));
  expect((await genBoth()).code).toBe(1);
  await edit("specs/hooks.ts", (t) => t.replace("export function reviewerIsRenamed", "export function reviewerIsKnown"));
  expect((await genBoth()).code).toBe(0);

  await edit("specs/build_status.yaml", (t) => t.replace(/^description: .*$/m, "description: Reports a build, edited."));
  const [lost] = await entries();
  await rm(lost!);
  await genBoth();

  // Flip a byte in the middle of every entry: a cache that trusted them would write the damage.
  for (const path of await entries()) {
    const bytes = await readFile(path);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0x20;
    await writeFile(path, bytes);
  }
  await edit("specs/job_run_status.yaml", (t) => `${t}# edited\n`);
  await genBoth();
  expect((await genBoth()).stdout).toMatch(/0 files written/);
  expect(await entries()).not.toContainEqual(expect.stringMatching(/\.tmp$/));
}, 600_000);

it("--check on the unchanged cached tree says it is up to date, and fails after an edit", async () => {
  expect((await gen(cached, "--check", "--cache-dir", cacheDir())).stdout).toMatch(/47 generated files are up to date$/);
  await edit("specs/ssh_disk_usage.yaml", (t) => `${t}# edited\n`);
  const check = await gen(cached, "--check", "--cache-dir", cacheDir());
  expect(check.code).toBe(1);
  expect(check.stderr).toMatch(/^stale: ssh_disk_usage\//m);
}, 300_000);

it("answers an unchanged gen from the cache in the built bin, printing what the full CLI prints", async () => {
  expect((await gen(cached, "--cache-dir", cacheDir())).code).toBe(0);
  for (const extra of [["--check"], ["--quiet"], ["--error-format", "json"]]) {
    const args = ["gen", "--specs", cached("specs"), "--out", cached("generated"), "--cache-dir", cacheDir(), ...extra];
    const full = await runBuiltCli(tmp.dir, ...args, "--no-cache");
    expect(await runBuiltCli(tmp.dir, ...args)).toEqual(full);
  }
}, 300_000);
