import { existsSync } from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, runBuiltCli } from "./support/built-cli.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * Specs in sub-folders of specs/, through the built CLI: found by gen, gen --check and test, output
 * mirroring the folders, and one tool name in two folders an error naming both files.
 */

const NESTED = "team/ci/nightly_build";

let project: { dir: string; dispose: () => Promise<void> };
const inProject = (...parts: string[]): string => join(project.dir, ...parts);
const cli = (...args: string[]) => runBuiltCli(project.dir, ...args);

beforeAll(async () => {
  project = await copyProject("spec-folders");
  // build_status, moved two folders down under another name; its $refs climb to the shared schemas
  // and into a schemas/ folder of its own, which holds no spec.
  const spec = (await readFile(inProject("specs", "build_status.yaml"), "utf8"))
    .replace("tool: build_status", "tool: nightly_build")
    .replaceAll("./schemas/common.yaml", "../../schemas/common.yaml")
    .replace("result: { enum: [passed, failed, errored, running] }", 'result: { $ref: "../schemas/ci.yaml#/$defs/result" }');
  await mkdir(inProject("specs", "team", "ci"), { recursive: true });
  await mkdir(inProject("specs", "team", "schemas"), { recursive: true });
  await writeFile(inProject("specs", "team", "ci", "nightly_build.yaml"), spec);
  await writeFile(inProject("specs", "team", "schemas", "ci.yaml"), "$defs:\n  result: { enum: [passed, failed, errored, running] }\n");
  await cp(inProject("specs", "build_status.fixtures"), inProject("specs", "team", "ci", "nightly_build.fixtures"), { recursive: true });
}, 60_000);

afterAll(() => project.dispose());

describe("a spec in a sub-folder", () => {
  it("is reported missing by gen --check before the first gen", async () => {
    const result = await cli("gen", "--check");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`missing: ${NESTED}/adapter.ts`);
  });

  it("is generated into the mirrored folder, and the schemas/ folder beside it is no spec", async () => {
    const result = await cli("gen");
    expect(result.stderr).not.toMatch(/error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`nightly_build v1 → generated/${NESTED}/ (agent view: build, observed_at;`);
    expect(result.stdout).toMatch(/^toolgate: 6 tools, /m);
    for (const file of ["adapter.ts", "types.ts", "select.ts", "definitions.ts"]) expect(existsSync(inProject("generated", NESTED, file))).toBe(true);
    expect(existsSync(inProject("generated", "team", "schemas"))).toBe(false);
    expect((await cli("gen", "--check")).code).toBe(0);
  }, 120_000);

  it("type-checks: index.ts, lazy.ts and definitions.ts import it from its folder", async () => {
    const lazy = await readFile(inProject("generated", "lazy.ts"), "utf8");
    expect(lazy).toContain(`["nightly_build", "./team/ci"]`);
    expect(typeCheck(["index.ts", "lazy.ts", "definitions.ts"].map((f) => inProject("generated", f)))).toEqual([]);
  }, 120_000);

  it("runs its fixtures through the generated index", async () => {
    const result = await cli("test", "--tool", "nightly_build");
    expect(result.stderr).not.toMatch(/error/);
    expect(result.stdout).toMatch(/5 passed/);
    expect(result.code).toBe(0);
  }, 120_000);

  it("reports its output missing in gen --check", async () => {
    await rm(inProject("generated", NESTED, "types.ts"));
    const result = await cli("gen", "--check");
    expect(result.stderr).toContain(`missing: ${NESTED}/types.ts`);
    expect(result.code).toBe(1);
  });
});

it("one tool name in two folders is TG401 at the second spec, naming the first with line:col", async () => {
  await mkdir(inProject("specs", "other"), { recursive: true });
  const copy = (await readFile(inProject("specs", "team", "ci", "nightly_build.yaml"), "utf8")).replaceAll("../../schemas/", "../schemas/").replace('"../schemas/ci.yaml', '"../team/schemas/ci.yaml');
  await writeFile(inProject("specs", "other", "nightly_build.yaml"), copy);
  const result = await cli("gen", "--check");
  expect(result.stderr).toContain('specs/team/ci/nightly_build.yaml:2:1: error TG401: tool name "nightly_build" is already used by specs/other/nightly_build.yaml:2:1');
  expect(result.code).toBe(1);
});
