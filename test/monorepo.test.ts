import { chmod, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_CLI, runBuiltCli, tempDirsPerTest } from "./support/built-cli.js";
import { repoRoot } from "./support/project.js";
import { taggedBlocks } from "./support/readme-blocks.js";
import { mustRun } from "./support/shell.js";
import { readTree } from "./support/tree.js";

// The README's Turborepo and Nx recipes, run with the real turbo and nx (devDependencies) in a
// temporary two-package npm workspace outside this repository: a `contracts` package whose `gen`
// runs toolgate, and an `app` package that depends on it.

const QUIET = { TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", TURBO_NO_UPDATE_NOTIFIER: "1", NX_DAEMON: "false", NX_NO_CLOUD: "true", NX_TUI: "false" };
const CONTRACTS = "packages/contracts";

interface Runner {
  readonly name: string;
  /** The README block holding the recipe file, by its `file=` attribute. */
  readonly recipe: string;
  readonly run: string;
  readonly hit: RegExp;
  readonly miss: RegExp;
}

const RUNNERS: readonly Runner[] = [
  { name: "turbo", recipe: "turbo.json", run: "npx turbo run gen", hit: /contracts:gen: cache hit/, miss: /contracts:gen: cache miss, executing/ },
  { name: "nx", recipe: "nx.json", run: "npx nx run-many -t gen --output-style=static", hit: /Cache:\s+1\/1 hit/, miss: /Cache:\s+0\/1 hit/ },
];

function recipe(file: string): string {
  const block = taggedBlocks("recipe").find((b) => b.attributes["file"] === file);
  if (block === undefined) throw new Error(`README has no recipe block with file=${file}`);
  return `${block.body}\n`;
}

const writeJson = (path: string, value: unknown): Promise<void> => writeFile(path, `${JSON.stringify(value, null, 2)}\n`);

/**
 * The workspace: `toolgate init` sets up the contracts package; node_modules is this repository's
 * (turbo, nx and the built toolgate); `toolgate` in the package's own .bin is a shim that counts
 * its runs in `marker` before running the built CLI, so a cache hit is seen to run no toolgate.
 */
async function workspace(dir: string, runner: Runner, marker: string): Promise<void> {
  await writeJson(join(dir, "package.json"), { name: "probe", private: true, workspaces: ["packages/*"], packageManager: "npm@11.19.1" });
  await mkdir(join(dir, "packages", "app"), { recursive: true });
  await mkdir(join(dir, CONTRACTS), { recursive: true });
  await writeJson(join(dir, "packages", "app", "package.json"), { name: "app", version: "0.0.0", private: true, dependencies: { contracts: "*" } });
  await writeJson(join(dir, CONTRACTS, "package.json"), { name: "contracts", version: "0.0.0", private: true, type: "module" });
  expect((await runBuiltCli(dir, "init", "--dir", CONTRACTS)).code).toBe(0);
  await mustRun(dir, "npm install --package-lock-only --offline --ignore-scripts --no-audit --no-fund");
  await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  await writeFile(join(dir, runner.recipe), recipe(runner.recipe));
  const shim = join(dir, CONTRACTS, "node_modules", ".bin", "toolgate");
  await mkdir(join(shim, ".."), { recursive: true });
  await writeFile(shim, `#!/bin/sh\necho ran >> '${marker}'\nexec '${process.execPath}' '${BUILT_CLI}' "$@"\n`);
  await chmod(shim, 0o755);
}

const runs = async (marker: string): Promise<number> => (await readFile(marker, "utf8").catch(() => "")).split("\n").filter((l) => l === "ran").length;

describe.each(RUNNERS)("the README's $name recipe for gen", (runner) => {
  const newDir = tempDirsPerTest(`monorepo-${runner.name}`);

  it("runs toolgate on a miss, restores generated/ from its cache on a hit without running it, and misses after a spec edit", async () => {
    const dir = await newDir();
    const marker = join(dir, "toolgate-runs.log");
    await workspace(dir, runner, marker);
    const generated = join(dir, CONTRACTS, "generated");

    expect(await mustRun(dir, runner.run, QUIET)).toMatch(runner.miss);
    expect(await runs(marker)).toBe(1);
    const first = await readTree(generated);
    expect([...first.keys()]).toContain("order_status/adapter.ts");

    await rm(generated, { recursive: true });
    expect(await mustRun(dir, runner.run, QUIET)).toMatch(runner.hit);
    expect(await runs(marker)).toBe(1);
    expect(await readTree(generated)).toEqual(first);

    const spec = join(dir, CONTRACTS, "specs", "order_status.yaml");
    await writeFile(spec, (await readFile(spec, "utf8")).replace("title: Order status", "title: Order status (edited)"));
    expect(await mustRun(dir, runner.run, QUIET)).toMatch(runner.miss);
    expect(await runs(marker)).toBe(2);
  }, 240_000);
});
