import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitRepo, type GitRepo } from "./support/git-repo.js";
import { repoRoot, tempDir } from "./support/project.js";

/**
 * The bin's stale-build check in a real git checkout laid out as the workspace: the four packages'
 * src trees, the real bin, the real stamp script, and a stand-in dist whose main says it ran.
 */

const PACKAGES = ["spec", "runtime", "compiler", "cli"];
const STALE_MESSAGE = "toolgate: the build is older than packages/*/src; run npm run build\n";
const MAIN = `export async function main(argv) { process.stdout.write("ran " + argv.join(" ") + "\\n"); return 0; }\n`;

async function copyBin(cliDir: string): Promise<void> {
  await mkdir(join(cliDir, "bin"), { recursive: true });
  for (const file of ["toolgate.js", "build-stamp.js"]) await copyFile(join(repoRoot, "packages/cli/bin", file), join(cliDir, "bin", file));
  await mkdir(join(cliDir, "dist"), { recursive: true });
  await writeFile(join(cliDir, "dist/main.js"), MAIN);
}

const run = (cliDir: string) => spawnSync(process.execPath, [join(cliDir, "bin/toolgate.js"), "test"], { encoding: "utf8" });
const stamp = (root: string, step: "record" | "commit") => {
  const r = spawnSync(process.execPath, [join(repoRoot, "scripts/build-stamp.mjs"), step, root], { encoding: "utf8" });
  expect(r.stderr).toBe("");
};
const build = (root: string) => (stamp(root, "record"), stamp(root, "commit"));

describe("a workspace checkout whose build is stamped", () => {
  let repo: GitRepo;
  let cli: string;
  const stampFile = () => join(cli, "dist/build-stamp.json");
  beforeEach(async () => {
    repo = await gitRepo("build-stamp");
    cli = join(repo.dir, "packages/cli");
    for (const name of PACKAGES) await repo.write(`packages/${name}/src/index.ts`, `export const ${name} = 1;\n`);
    await repo.write("packages/compiler/src/emit/bindings/index.ts", "export const BINDINGS = {};\n");
    await repo.write(".gitignore", "dist/\n");
    await copyBin(cli);
    repo.commit("sources");
    build(repo.dir);
  });
  afterEach(() => repo.dispose());

  it("runs its dist while the sources are the ones built", () => {
    expect(run(cli)).toMatchObject({ status: 0, stdout: "ran test\n", stderr: "" });
  });

  it("exits 3 with the command to run after a checkout changes a source, until it is built again", async () => {
    repo.git("checkout", "-q", "-b", "next");
    await repo.write("packages/compiler/src/emit/bindings/index.ts", "export const BINDINGS = { anthropic: () => 1 };\n");
    repo.commit("a new binding");
    repo.git("checkout", "-q", "main");
    build(repo.dir);
    repo.git("merge", "-q", "--ff-only", "next");
    expect(run(cli)).toMatchObject({ status: 3, stdout: "", stderr: STALE_MESSAGE });
    // A failed build records the sources but never commits the stamp: still stale.
    stamp(repo.dir, "record");
    expect(run(cli).status).toBe(3);
    stamp(repo.dir, "commit");
    expect(run(cli)).toMatchObject({ status: 0, stdout: "ran test\n" });
  });

  it("exits 3 after a source file is added or removed", async () => {
    await repo.write("packages/runtime/src/new/part.ts", "export {};\n");
    expect(run(cli).status).toBe(3);
    await rm(join(repo.dir, "packages/runtime/src/new"), { recursive: true });
    expect(run(cli).status).toBe(0);
    await rm(join(repo.dir, "packages/spec/src/index.ts"));
    expect(run(cli).status).toBe(3);
  });

  it("runs when only a directory's mtime moved (an editor's swap file), and takes the new mtimes into its stamp", async () => {
    const before = await readFile(stampFile(), "utf8");
    await repo.write("packages/cli/src/.index.ts.swp", "swap");
    await repo.write("packages/cli/src/index.test.ts", "// a test is not built\n");
    expect(run(cli)).toMatchObject({ status: 0, stdout: "ran test\n" });
    const after = await readFile(stampFile(), "utf8");
    expect(JSON.parse(after).hash).toBe(JSON.parse(before).hash);
    expect(after).not.toBe(before);
  });

  it("exits 3 when the dist has no stamp (built before stamps, or by tsc alone)", async () => {
    await rm(stampFile());
    expect(run(cli)).toMatchObject({ status: 3, stderr: STALE_MESSAGE });
  });
});

it("an installed package (no src/ beside its dist/) runs without a stamp", async () => {
  const installed = await tempDir("build-stamp-installed");
  try {
    await copyBin(installed.dir);
    expect(run(installed.dir)).toMatchObject({ status: 0, stdout: "ran test\n", stderr: "" });
  } finally {
    await installed.dispose();
  }
});
