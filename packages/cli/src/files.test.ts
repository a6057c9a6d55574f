import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readSpecTree } from "./files.js";

it("reads specs in the specs directory and its sub-folders, schemas/ at any depth as shared schemas, never a <tool>.fixtures/ directory", async () => {
  const dir = await mkdtemp(join(tmpdir(), "toolgate-files-"));
  try {
    await mkdir(join(dir, "a.fixtures"), { recursive: true });
    await mkdir(join(dir, "schemas"), { recursive: true });
    await mkdir(join(dir, "team", "b.fixtures"), { recursive: true });
    await mkdir(join(dir, "team", "schemas"), { recursive: true });
    await writeFile(join(dir, "team", "b.yml"), "tool: b\n");
    await writeFile(join(dir, "team", "b.fixtures", "recorded.yaml"), "raw: |\n  {}\n");
    await writeFile(join(dir, "team", "schemas", "team.json"), "{}\n");
    await writeFile(join(dir, "team", "notes.md"), "# not a spec\n");
    await writeFile(join(dir, "a.yaml"), "tool: a\n");
    await writeFile(join(dir, "a.fixtures", "recorded.yaml"), "raw: |\n  {}\n");
    await writeFile(join(dir, "schemas", "common.yaml"), "$defs: {}\n");
    const tree = await readSpecTree(dir, "specs");
    expect([...tree.files.keys()]).toEqual(["specs/a.yaml", "specs/schemas/common.yaml", "specs/team/b.yml", "specs/team/schemas/team.json"]);
    expect(tree.specs).toEqual(["specs/a.yaml", "specs/team/b.yml"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
