import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { watchAndRun } from "./watch.js";

describe("watchAndRun", () => {
  it("runs once at start, once per burst of changes, and stops on abort", async () => {
    const dir = await mkdtemp(join(tmpdir(), "toolgate-watch-"));
    const controller = new AbortController();
    let runs = 0;
    let notify: () => void = () => undefined;
    const done = watchAndRun([dir], async () => {
      runs++;
      notify();
    }, controller.signal, 50);
    const nextRun = () => new Promise<void>((resolve) => (notify = resolve));
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    const second = nextRun();
    await writeFile(join(dir, "a.yaml"), "tool: a\n");
    await writeFile(join(dir, "a.yaml"), "tool: a\nversion: 1\n");
    await second;
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toBe(2);
    controller.abort();
    await done;
    await writeFile(join(dir, "b.yaml"), "tool: b\n");
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toBe(2);
    await rm(dir, { recursive: true, force: true });
  });
});
