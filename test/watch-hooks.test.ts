import { spawn } from "node:child_process";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot, tempDir } from "./support/project.js";

/** `toolgate gen --watch` as a real child process, with a --hooks module outside the specs directory. */

const BIN = join(repoRoot, "packages", "cli", "bin", "toolgate.js");
const SPEC = ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", "    id: { type: string, maxLength: 8 }", "agent_view: [id]", ""].join("\n");
const RUN_LINE = /^toolgate: 1 tools, /;

let tmp: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  tmp = await tempDir("watch-hooks");
  await mkdir(join(tmp.dir, "specs"));
  await mkdir(join(tmp.dir, "elsewhere"));
  await writeFile(join(tmp.dir, "specs", "t1.yaml"), SPEC);
  await writeFile(join(tmp.dir, "elsewhere", "hooks.ts"), "export {};\n");
});

afterAll(() => tmp.dispose());

it("regenerates when that hooks module changes, not when a file beside it does", { timeout: 120_000 }, async () => {
  const hooks = join(tmp.dir, "elsewhere", "hooks.ts");
  const args = ["gen", "--watch", "--quiet", "--specs", join(tmp.dir, "specs"), "--out", join(tmp.dir, "generated"), "--hooks", hooks];
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const runs: string[] = [];
  let stderr = "";
  let waiter: (() => void) | undefined;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    runs.push(...chunk.split("\n").filter((line) => RUN_LINE.test(line)));
    waiter?.();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // Bounded: a run that never comes fails the test with what was seen, instead of hanging.
  const runCount = (n: number, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${n} runs within ${ms} ms, saw ${runs.length}; stderr: ${stderr}`)), ms);
      waiter = () => (runs.length >= n ? (clearTimeout(timer), resolve()) : undefined);
      waiter();
    });
  try {
    await runCount(1, 60_000);
    await writeFile(join(tmp.dir, "elsewhere", "notes.ts"), "// not the hooks module\n");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(runs).toHaveLength(1);
    await appendFile(hooks, "// edited\n");
    await runCount(2, 30_000);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});
