import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { ToolPool } from "./tool-pool.js";

const SPECS = resolve(import.meta.dirname, "../../../specs");

it("compiles specs on worker threads, each answer for the spec asked (an absent one has no tool), and stops them after the last", async () => {
  const files = new Map(["build_status", "ssh_disk_usage"].map((t) => [`specs/${t}.yaml`, readFileSync(join(SPECS, `${t}.yaml`), "utf8")]));
  files.set("specs/schemas/common.yaml", readFileSync(join(SPECS, "schemas/common.yaml"), "utf8"));
  const pool = new ToolPool({ files, outDir: "generated", hooksPath: undefined, ignoredKeywords: [] }, 2);
  try {
    const answers = Promise.all([pool.run("specs/build_status.yaml"), pool.run("specs/ssh_disk_usage.yaml"), pool.run("specs/absent.yaml")]);
    expect(pool.threads).toBe(2);
    const [build, ssh, absent] = await answers;
    // Nothing left to compile: the workers (and their heaps) are gone before the caller's project phase.
    expect(pool.threads).toBe(0);
    expect(build.tool?.tool).toBe("build_status");
    expect(build.reads).toEqual(["specs/build_status.yaml", "specs/schemas/common.yaml"]);
    expect(build.files.map((f) => f.path)).toContain("build_status/adapter.ts");
    expect(ssh.tool?.tool).toBe("ssh_disk_usage");
    expect(absent.tool).toBeUndefined();
  } finally {
    await pool.close();
  }
}, 300_000);
