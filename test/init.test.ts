import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { listFiles } from "../packages/cli/src/files.js";
import { runBuiltCli, tempDirsPerTest } from "./support/built-cli.js";
import { repoRoot } from "./support/project.js";
import { taggedBlocks } from "./support/readme-blocks.js";
import { readTree } from "./support/tree.js";
import { typeCheck } from "./support/typecheck.js";

/** `toolgate init` through the built CLI in temp directories, then `gen`, `gen:check` and tsc on what it set up. */

const scratch = tempDirsPerTest("init");

const GEN_STEPS = [
  "  npm run gen         # compile the specs into typed adapters",
  "  npm run gen:check   # in CI: exit 1 when the generated code is out of date",
];
const HOW = "  # the packages are not on the npm registry: pack them into $TOOLGATE_PACKAGES as the README's Install says, then";
const RUNTIME_INSTALL = '  npm install "$TOOLGATE_PACKAGES/toolgate-runtime-0.1.0.tgz"';
const CLI_INSTALL = '  npm install --save-dev --save-exact "$TOOLGATE_PACKAGES/toolgate-spec-0.1.0.tgz" "$TOOLGATE_PACKAGES/toolgate-compiler-0.1.0.tgz" "$TOOLGATE_PACKAGES/toolgate-cli-0.1.0.tgz" typescript@6.0.3';
/** The next steps of a package without the packages: the README's install commands from the tarballs. */
const NEXT = ["next:", HOW, RUNTIME_INSTALL, CLI_INSTALL, ...GEN_STEPS];
/** The printed lines from "next:" on. */
const nextOf = (stdout: string): string[] => stdout.split("\n").slice(stdout.split("\n").indexOf("next:"));

describe("toolgate init", () => {
  it("sets up an empty directory, says what it created and what to run next", async () => {
    const dir = join(await scratch(), "new-package");
    const result = await runBuiltCli(repoRoot, "init", "--dir", dir);
    expect(result).toEqual({
      code: 0,
      stdout: ["created specs/order_status.yaml", "created specs/hooks.ts", "created .gitattributes (generated/** linguist-generated=true)", "created package.json (scripts gen, gen:check)", ...NEXT].join("\n"),
      stderr: "",
    });
    expect(await listFiles(dir)).toEqual([".gitattributes", "package.json", "specs/hooks.ts", "specs/order_status.yaml"]);
    expect(await readFile(join(dir, ".gitattributes"), "utf8")).toBe("generated/** linguist-generated=true\n");
  });

  it("prints the README's install commands for the packages, which are not on the npm registry", () => {
    const install = taggedBlocks("install").map((b) => b.body.split("\n")).flat();
    for (const line of [RUNTIME_INSTALL, CLI_INSTALL]) expect(install).toContain(line.trim());
    expect(NEXT.join("\n")).not.toMatch(/npm install[^"\n]*@toolgate\//);
  });

  it("prints only the gen steps for a package whose package.json declares the packages", async () => {
    const dir = await scratch();
    const declared = { type: "module", dependencies: { "@toolgate/runtime": "file:../toolgate-runtime-0.1.0.tgz" }, devDependencies: { "@toolgate/cli": "file:../toolgate-cli-0.1.0.tgz" } };
    await writeFile(join(dir, "package.json"), JSON.stringify(declared));
    const result = await runBuiltCli(dir, "init");
    expect(result.code).toBe(0);
    expect(nextOf(result.stdout)).toEqual(["next:", ...GEN_STEPS]);
  });

  it("prints only the missing install for a package whose node_modules (or a parent's) holds the runtime", async () => {
    const root = await scratch();
    await mkdir(join(root, "node_modules/@toolgate/runtime"), { recursive: true });
    await writeFile(join(root, "node_modules/@toolgate/runtime/package.json"), '{"name":"@toolgate/runtime","version":"0.1.0"}');
    const result = await runBuiltCli(root, "init", "--dir", "packages/tools");
    expect(result.code).toBe(0);
    expect(nextOf(result.stdout)).toEqual(["next:", HOW, CLI_INSTALL, ...GEN_STEPS]);
  });

  it("adds to an existing package, keeping its scripts and attributes, and a second run changes nothing", async () => {
    const dir = await scratch();
    await writeFile(join(dir, "package.json"), '{\n  "name": "gateway",\n  "scripts": {\n    "build": "tsc -b",\n    "gen": "make gen"\n  }\n}\n');
    await writeFile(join(dir, ".gitattributes"), "*.png binary\n");
    const first = await runBuiltCli(dir, "init");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('updated package.json (scripts gen:check); kept your own "gen" script; note: it has no "type": "module", which the generated code needs under NodeNext');
    expect(JSON.parse(await readFile(join(dir, "package.json"), "utf8"))).toEqual({ name: "gateway", scripts: { build: "tsc -b", gen: "make gen", "gen:check": "toolgate gen --check" } });
    expect(await readFile(join(dir, ".gitattributes"), "utf8")).toBe("*.png binary\ngenerated/** linguist-generated=true\n");
    const before = await readTree(dir);
    const second = await runBuiltCli(dir, "init");
    expect(second.code).toBe(0);
    expect(second.stdout.split("\n").at(-1)).toBe("toolgate: nothing to do; this package is already set up");
    expect(await readTree(dir)).toEqual(before);
  });

  it("refuses to overwrite a differing file with exit 2 and its path, and writes nothing else", async () => {
    const dir = await scratch();
    await mkdir(join(dir, "specs"));
    await writeFile(join(dir, "specs", "hooks.ts"), "export const mine = 1;\n");
    const result = await runBuiltCli(dir, "init");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("toolgate: specs/hooks.ts exists and differs from what init writes; move it away or leave init out\ntoolgate: nothing written");
    expect(await listFiles(dir)).toEqual(["specs/hooks.ts"]);
  });

  it("refuses a --specs or --out outside the package", async () => {
    const dir = await scratch();
    const result = await runBuiltCli(dir, "init", "--out", "../elsewhere", "--error-format", "json");
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual([{ severity: "error", message: "--out ../elsewhere must be a directory inside ., apart from the specs" }]);
    expect(await listFiles(dir)).toEqual([]);
  });

  it("refuses a --dir that is a file, with exit 2 instead of a crash", async () => {
    const dir = await scratch();
    await writeFile(join(dir, "notes.txt"), "");
    const result = await runBuiltCli(dir, "init", "--dir", "notes.txt");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolgate: cannot read specs\/order_status\.yaml in .*notes\.txt: a parent is not a directory$/);
  });

  it("leaves a package where npm run gen and gen:check pass, tsc checks the output, and the modeline resolves", { timeout: 240_000 }, async () => {
    const dir = await scratch();
    // An installed package: its node_modules holds @toolgate/cli, runtime and spec (the workspace's own).
    await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
    expect((await runBuiltCli(dir, "init", "--specs", "contracts", "--out", "src/generated")).code).toBe(0);
    const npm = (script: string) => promisify(execFile)("npm", ["run", "-s", script], { cwd: dir, encoding: "utf8", timeout: 120_000 });
    expect((await npm("gen")).stdout).toContain("toolgate: 1 tools, ");
    expect((await npm("gen:check")).stdout).toMatch(/^toolgate: \d+ generated files are up to date$/m);
    const sources = (await listFiles(join(dir, "src", "generated"))).filter((p) => p.endsWith(".ts")).map((p) => join(dir, "src", "generated", p));
    expect(typeCheck([...sources, join(dir, "contracts", "hooks.ts")])).toEqual([]);
    const modeline = (await readFile(join(dir, "contracts", "order_status.yaml"), "utf8")).split("\n")[0]!;
    const schemaPath = /^# yaml-language-server: \$schema=(.+)$/.exec(modeline)![1]!;
    expect(existsSync(resolve(dirname(join(dir, "contracts", "order_status.yaml")), schemaPath))).toBe(true);
  });
});
