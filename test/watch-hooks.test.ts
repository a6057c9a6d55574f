import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tempDir } from "./support/project.js";
import { watchChild } from "./support/watch-child.js";

/** `toolgate gen --watch` as a real child process, with a --hooks module outside the specs directory. */

const SPEC = ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", "    id: { type: string, maxLength: 8 }", "agent_view: [id]", ""].join("\n");

let tmp: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  tmp = await tempDir("watch-hooks");
  await mkdir(join(tmp.dir, "specs"));
  await mkdir(join(tmp.dir, "elsewhere"));
  await writeFile(join(tmp.dir, "specs", "t1.yaml"), SPEC);
  await writeFile(join(tmp.dir, "elsewhere", "hooks.ts"), "export {};\n");
});

afterAll(() => tmp.dispose());

it("regenerates when that hooks module changes, not when a file beside it does", { timeout: 300_000 }, async () => {
  const hooks = join(tmp.dir, "elsewhere", "hooks.ts");
  const child = watchChild(["--specs", join(tmp.dir, "specs"), "--out", join(tmp.dir, "generated"), "--hooks", hooks]);
  try {
    await child.runCount(1, 180_000);
    await writeFile(join(tmp.dir, "elsewhere", "notes.ts"), "// not the hooks module\n");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(child.runs()).toBe(1);
    await appendFile(hooks, "// edited\n");
    await child.runCount(2, 30_000);
    expect(await child.stop()).toBe(0);
  } finally {
    child.kill();
  }
});
