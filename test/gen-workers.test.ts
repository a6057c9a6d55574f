import { join } from "node:path";
import { expect, it } from "vitest";
import { writeProject } from "../bench/lib/gen-project.mjs";
import { runBuiltCli, tempDirsPerTest } from "./support/built-cli.js";
import { readTree } from "./support/tree.js";

const tempDir = tempDirsPerTest("gen-workers");

/** Worker threads compile the specs of a large project: the bytes are those of one thread. */
it("writes the same files and lines with worker threads as in one thread", async () => {
  const dir = await tempDir();
  const specs = await writeProject(dir, 30);
  const gen = (out: string, ...extra: string[]) => runBuiltCli(dir, "gen", "--no-cache", "--specs", specs, "--out", join(dir, out), ...extra);
  const threaded = await gen("threaded", "--jobs", "2");
  const single = await gen("single", "--jobs", "1");
  expect(threaded.code).toBe(0);
  expect(threaded.stdout).toMatch(/^toolgate: 30 tools, /m);
  expect(threaded.stdout.replaceAll("threaded/", "single/")).toBe(single.stdout);
  expect(threaded.stderr).toBe(single.stderr);
  expect(await readTree(join(dir, "threaded"))).toEqual(await readTree(join(dir, "single")));
}, 600_000);
