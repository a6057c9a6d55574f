import { spawnSync } from "node:child_process";
import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot, scratchDir } from "./support/project.js";

/* A checkout updated without a rebuild: the bin says what to do instead of a stack trace. */
let scratch: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  scratch = await scratchDir("bin-unbuilt");
  await mkdir(join(scratch.dir, "bin"));
  for (const file of ["toolgate.js", "build-stamp.js"]) await copyFile(join(repoRoot, "packages/cli/bin", file), join(scratch.dir, "bin", file));
  await copyFile(join(repoRoot, "packages/cli/package.json"), join(scratch.dir, "package.json"));
});
afterAll(() => scratch.dispose());

it.each([["gen", "--check"], ["test"]])("toolgate %s without a dist/ exits 3 with the command to run", (...args) => {
  const run = spawnSync(process.execPath, [join(scratch.dir, "bin/toolgate.js"), ...args], { encoding: "utf8" });
  expect(run.status).toBe(3);
  expect(run.stderr).toMatch(/^toolgate: the CLI is not built or its build is out of date \((gen-fast|main)\.js is missing\); run `npm run build`\n$/);
});
