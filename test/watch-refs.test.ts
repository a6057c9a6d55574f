import { readFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { tempDirsPerTest } from "./support/built-cli.js";
import { watchChild } from "./support/watch-child.js";

/** `toolgate gen --watch` as a real child process, on specs that `$ref` files outside the specs directory. */

const newDir = tempDirsPerTest("watch-refs");
const spec = (ref: string): string =>
  ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", `    id: { $ref: "${ref}" }`, "agent_view: [id]", ""].join("\n");

it("compiles a $ref'd file outside specs/, regenerates when it changes, and follows a $ref to a new file", { timeout: 600_000 }, async () => {
  const dir = await newDir();
  await mkdir(join(dir, "specs"));
  await mkdir(join(dir, "shared"));
  await writeFile(join(dir, "shared", "id.yaml"), "type: string\nmaxLength: 8\ndescription: The first words.\n");
  await writeFile(join(dir, "shared", "other.yaml"), "type: string\nmaxLength: 8\ndescription: Other words.\n");
  await writeFile(join(dir, "specs", "t1.yaml"), spec("../shared/id.yaml"));
  const definitions = () => readFile(join(dir, "generated", "t1", "definitions.ts"), "utf8");
  const child = watchChild([], dir);
  // The watchers follow the project's $refs once a run has read them: edit after that.
  const settle = () => new Promise((r) => setTimeout(r, 5_000));
  // Writes `text` to `file` (below the project), waits for run `n`, checks the tool definitions, then lets the watchers follow.
  const step = async (file: string, text: string, n: number, shows: string) => {
    await writeFile(join(dir, file), text);
    await child.runCount(n, 120_000);
    expect(await definitions()).toContain(shows);
    await settle();
  };
  try {
    await child.runCount(1, 180_000);
    await settle();
    expect(await definitions()).toContain("The first words.");
    // Description text: a compatible change, so gen writes it without a version bump.
    await step("shared/id.yaml", "type: string\nmaxLength: 8\ndescription: The second words.\n", 2, "The second words.");
    await step("specs/t1.yaml", spec("../shared/other.yaml"), 3, "Other words.");
    // Watched from the run that first read it on.
    await step("shared/other.yaml", "type: string\nmaxLength: 8\ndescription: Other words, edited.\n", 4, "Other words, edited.");
    expect(await child.stop()).toBe(0);
  } finally {
    child.kill();
  }
});
