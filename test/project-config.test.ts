import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runBuiltCli, tempDirsPerTest } from "./support/built-cli.js";

/** toolgate.config.{json,yaml} through the built CLI: its settings, flags over them, and its mistakes. */

const newDir = tempDirsPerTest("project-config");
// `propertyOrder` is no JSON Schema keyword: only the config's ignored_keywords lets this spec compile.
const SPEC = ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  propertyOrder: [id]", "  properties:", "    id: { type: string, maxLength: 8 }", "agent_view: [id]", ""].join("\n");

async function project(config: Record<string, string>): Promise<string> {
  const dir = await newDir();
  await mkdir(join(dir, "contracts", "team"), { recursive: true });
  await writeFile(join(dir, "contracts", "team", "t1.yaml"), SPEC);
  for (const [name, text] of Object.entries(config)) await writeFile(join(dir, name), text);
  return dir;
}

it("gen, gen --check and diff read specs, out and ignored_keywords from toolgate.config.yaml", { timeout: 120_000 }, async () => {
  const dir = await project({ "toolgate.config.yaml": "specs: contracts\nout: src/generated\nignored_keywords: [propertyOrder]\n" });
  const gen = await runBuiltCli(dir, "gen");
  expect(gen.stderr).not.toMatch(/error/);
  expect(gen.stdout).toMatch(/^t1 v1 → src\/generated\/team\/t1\//m);
  expect(existsSync(join(dir, "src", "generated", "team", "t1", "adapter.ts"))).toBe(true);
  expect((await runBuiltCli(dir, "gen", "--check")).code).toBe(0);
  const diff = await runBuiltCli(dir, "diff", "--against", "contracts");
  expect(diff.code).toBe(0);
});

it("a flag overrides the config file's value", { timeout: 120_000 }, async () => {
  const dir = await project({ "toolgate.config.json": '{ "specs": "contracts", "out": "src/generated", "ignored_keywords": ["propertyOrder"] }\n' });
  expect((await runBuiltCli(dir, "gen", "--out", "elsewhere")).code).toBe(0);
  expect(existsSync(join(dir, "elsewhere", "team", "t1", "adapter.ts"))).toBe(true);
  expect(existsSync(join(dir, "src", "generated"))).toBe(false);
});

it("a config mistake is exit 2 with file:line:col, before anything is compiled", { timeout: 120_000 }, async () => {
  const dir = await project({ "toolgate.config.yaml": "specs: contracts\nignored_keyword: [propertyOrder]\n" });
  const gen = await runBuiltCli(dir, "gen");
  expect(gen.stderr).toContain('toolgate.config.yaml:2:1: error TG132: unknown config key "ignored_keyword" (did you mean "ignored_keywords"?)');
  expect(gen.code).toBe(2);
  const json = await runBuiltCli(dir, "test", "--error-format", "json");
  expect(json.code).toBe(2);
  expect(JSON.parse(json.stderr)).toMatchObject([{ code: "TG132", file: "toolgate.config.yaml", line: 2, column: 1 }]);
});
