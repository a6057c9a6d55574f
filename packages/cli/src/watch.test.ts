import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { watchAndRun, watchTargets, type WatchTarget } from "./watch.js";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Watches `targets` in a fresh directory; `nextRun` resolves at the next run. */
async function watching(targets: (dir: string) => WatchTarget[]) {
  const dir = await mkdtemp(join(tmpdir(), "toolgate-watch-"));
  const controller = new AbortController();
  let runs = 0;
  let notify: () => void = () => undefined;
  const done = watchAndRun(async () => targets(dir), async () => (runs++, notify()), controller.signal, 50);
  await pause(50);
  return {
    dir,
    runs: () => runs,
    nextRun: () => new Promise<void>((resolve) => (notify = resolve)),
    stop: async () => (controller.abort(), await done),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

describe("watchAndRun", () => {
  it("runs once per burst of changes below a directory, and stops on abort", async () => {
    const w = await watching((dir) => [{ dir }]);
    expect(w.runs()).toBe(0);
    const next = w.nextRun();
    await writeFile(join(w.dir, "a.yaml"), "tool: a\n");
    await writeFile(join(w.dir, "a.yaml"), "tool: a\nversion: 1\n");
    await next;
    await pause(150);
    expect(w.runs()).toBe(1);
    await w.stop();
    await writeFile(join(w.dir, "b.yaml"), "tool: b\n");
    await pause(150);
    expect(w.runs()).toBe(1);
    await w.dispose();
  });

  it("watches one file: a sibling changing does nothing, the file replaced by rename (as editors save) runs", async () => {
    const w = await watching((dir) => [{ dir, file: "hooks.ts" }]);
    await writeFile(join(w.dir, "other.ts"), "x\n");
    await pause(200);
    expect(w.runs()).toBe(0);
    const next = w.nextRun();
    await writeFile(join(w.dir, "hooks.ts.tmp"), "export {};\n");
    await rename(join(w.dir, "hooks.ts.tmp"), join(w.dir, "hooks.ts"));
    await next;
    expect(w.runs()).toBe(1);
    await w.stop();
    await w.dispose();
  });
});

describe("watchTargets", () => {
  it("adds the hooks module only when it is outside the specs directory", () => {
    expect(watchTargets("specs", undefined)).toEqual([{ dir: "specs" }]);
    expect(watchTargets("specs", "specs/sub/hooks.ts")).toEqual([{ dir: "specs" }]);
    expect(watchTargets("specs", "../x/hooks.ts")).toEqual([{ dir: "specs" }, { dir: "../x", file: "hooks.ts" }]);
    expect(watchTargets("specs", "specs-hooks.ts")).toEqual([{ dir: "specs" }, { dir: ".", file: "specs-hooks.ts" }]);
  });

  it("adds each $ref'd file outside the specs directory, one watch per file", () => {
    expect(watchTargets("specs", undefined, ["shared/a.yaml", "shared/b.yaml"])).toEqual([
      { dir: "specs" },
      { dir: "shared", file: "a.yaml" },
      { dir: "shared", file: "b.yaml" },
    ]);
  });
});
