import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { canonicalJson, pinFileOf, renderPinFile } from "../packages/cli/src/mcp/pin.js";
import { runBuiltCli } from "./support/built-cli.js";
import { decideTodos, todoLines } from "./support/import-openapi.js";
import { filesystemServer, importMcp, listDirectly } from "./support/import-mcp.js";
import { repoRoot, scratchDir } from "./support/project.js";
import { readTree } from "./support/tree.js";

/**
 * `toolgate import mcp` end to end through the built CLI against a real third-party MCP server,
 * @modelcontextprotocol/server-filesystem over a directory of the project: the drafts and the pin
 * are golden files (`npm run golden:update` rewrites them), two imports in two directories give the
 * same bytes, gen reports exactly the TODO markers and compiles once they are decided.
 */

const GOLDEN = join(repoRoot, "test/fixtures/import-mcp/golden/filesystem");
const UPDATE = process.env.TOOLGATE_UPDATE_GOLDEN === "1";
const SERVER = filesystemServer("data");

const scratches: { dispose: () => Promise<void> }[] = [];
afterAll(() => Promise.all(scratches.map((s) => s.dispose())));

/** A package of its own with a `data/` directory the filesystem server serves. */
async function project(prefix: string): Promise<string> {
  const scratch = await scratchDir(prefix);
  scratches.push(scratch);
  await writeFile(join(scratch.dir, "package.json"), '{ "private": true, "type": "module" }\n');
  await mkdir(join(scratch.dir, "data"));
  await writeFile(join(scratch.dir, "data", "note.txt"), "hello\n");
  return scratch.dir;
}

/** What an import writes: the specs and the pin file, by path. */
async function written(dir: string): Promise<Map<string, string>> {
  const tree = new Map([...(await readTree(join(dir, "specs")))].map(([path, text]) => [`specs/${path}`, text]));
  tree.set("toolgate.mcp-pin.json", await readFile(join(dir, "toolgate.mcp-pin.json"), "utf8"));
  return tree;
}

async function checkGolden(actual: Map<string, string>): Promise<void> {
  if (UPDATE) {
    await rm(GOLDEN, { recursive: true, force: true });
    for (const [path, text] of actual) await mkdir(join(GOLDEN, path, ".."), { recursive: true }).then(() => writeFile(join(GOLDEN, path), text));
  }
  const expected = new Map([...(await readTree(join(GOLDEN, "specs")))].map(([path, text]) => [`specs/${path}`, text]));
  expected.set("toolgate.mcp-pin.json", await readFile(join(GOLDEN, "toolgate.mcp-pin.json"), "utf8"));
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, text] of actual) expect(text, path).toBe(expected.get(path));
}

/**
 * read_media_file's `content` items are a union of objects with different members (media or
 * resource), which no agent view can enumerate (TG305). The author's decision here: the media branch only.
 */
async function keepMediaBranch(path: string): Promise<void> {
  const doc = parseDocument(await readFile(path, "utf8"));
  const items = doc.getIn(["output", "properties", "content", "items", "anyOf", 0]) as object;
  doc.setIn(["output", "properties", "content", "items"], items);
  await writeFile(path, doc.toString({ lineWidth: 0 }));
}

describe("toolgate import mcp from @modelcontextprotocol/server-filesystem", () => {
  let first: string;
  let firstOut: Map<string, string>;
  let listed: Awaited<ReturnType<typeof listDirectly>>;

  beforeAll(async () => {
    first = await project("import-mcp");
    const imported = await importMcp(first, [], SERVER);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toBe("");
    firstOut = await written(first);
    listed = await listDirectly(SERVER, first);
  }, 240_000);

  it("drafts one spec per listed tool (golden files), and says what is left to decide", async () => {
    expect([...firstOut.keys()].filter((p) => p.startsWith("specs/")).sort()).toEqual(listed.tools.map((t) => `specs/${t.name}.yaml`).sort());
    await checkGolden(firstOut);
    const spec = firstOut.get("specs/read_text_file.yaml")!;
    expect(spec.split("\n", 1)[0]).toBe("# yaml-language-server: $schema=../node_modules/@toolgate/spec/toolspec.schema.json");
    expect(spec).toContain("effects: read_only");
    expect(firstOut.get("specs/write_file.yaml")).toContain("effects: destructive");
  });

  it("pins exactly the imported tools: the server's definitions, sorted, each with the sha256 of its canonical JSON", () => {
    const pin = JSON.parse(firstOut.get("toolgate.mcp-pin.json")!) as { server: unknown; tools: Record<string, { sha256: string; definition: unknown }> };
    expect(pin.server).toEqual(listed.server);
    expect(Object.keys(pin.tools)).toEqual(listed.tools.map((t) => t.name).sort());
    for (const tool of listed.tools) {
      const { _meta: _ignored, ...definition } = tool as Record<string, unknown>;
      expect(pin.tools[tool.name]!.definition).toEqual(definition);
      expect(pin.tools[tool.name]!.sha256).toBe(createHash("sha256").update(canonicalJson(definition)).digest("hex"));
    }
    expect(firstOut.get("toolgate.mcp-pin.json")).toBe(renderPinFile(pinFileOf(listed.server, listed.tools)));
  });

  it("writes the same bytes from another directory, and no absolute path", async () => {
    const second = await project("import-mcp-again");
    expect((await importMcp(second, [], SERVER)).code).toBe(0);
    expect(await written(second)).toEqual(firstOut);
    for (const [path, text] of firstOut) for (const dir of [first, second, repoRoot]) expect(text.includes(dir), path).toBe(false);
  }, 120_000);

  it("gen reports exactly the TODO markers; once they are decided, gen compiles every draft", async () => {
    const dir = await project("import-mcp-gen");
    for (const [path, text] of firstOut) await mkdir(join(dir, path, ".."), { recursive: true }).then(() => writeFile(join(dir, path), text));
    const undecided = await runBuiltCli(dir, "gen", "--error-format", "json");
    expect(undecided.code).toBe(1);
    const errors = (JSON.parse(undecided.stderr) as { code: string; file: string; line: number; severity: string }[]).filter((d) => d.severity === "error");
    const expected = [...firstOut].filter(([path]) => path.startsWith("specs/")).flatMap(([path, text]) => todoLines(text).map((line) => ["TG120", path, line]));
    expect(errors.map((d) => [d.code, d.file, d.line]).sort()).toEqual(expected.sort());

    await keepMediaBranch(join(dir, "specs/read_media_file.yaml"));
    for (const path of firstOut.keys()) if (path.startsWith("specs/")) await decideTodos(join(dir, path), ["content"]);
    const decided = await runBuiltCli(dir, "gen", "--quiet");
    expect(decided.code, decided.stderr).toBe(0);
  }, 240_000);

  it("--tool drafts and pins only the named tools; a tool the server does not list is TG823 and nothing is written", async () => {
    const dir = await project("import-mcp-subset");
    const unknown = await importMcp(dir, ["--tool", "read_text_file", "--tool", "nope"], SERVER);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error TG823: the server lists no tool "nope"');
    expect(await readTree(join(dir, "specs")).then((t) => t.size)).toBe(0);

    const subset = await importMcp(dir, ["--tool", "read_text_file", "--tool", "list_directory", "--pin", "pins/fs.json"], SERVER);
    expect(subset.code, subset.stderr).toBe(0);
    expect([...(await readTree(join(dir, "specs"))).keys()].sort()).toEqual(["list_directory.yaml", "read_text_file.yaml"]);
    expect((await readTree(join(dir, "specs"))).get("read_text_file.yaml")).toBe(firstOut.get("specs/read_text_file.yaml"));
    expect(Object.keys((JSON.parse(await readFile(join(dir, "pins/fs.json"), "utf8")) as { tools: object }).tools)).toEqual(["list_directory", "read_text_file"]);
  }, 240_000);

  it("does not replace an existing spec without --force (TG822, exit 2, nothing written); with --force it does", async () => {
    const dir = await project("import-mcp-force");
    await mkdir(join(dir, "specs"));
    await writeFile(join(dir, "specs/read_text_file.yaml"), "# reviewed\n");
    const refused = await importMcp(dir, ["--tool", "read_text_file", "--tool", "list_directory"], SERVER);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('specs/read_text_file.yaml:1:1: error TG822: "specs/read_text_file.yaml" exists');
    expect([...(await readTree(join(dir, "specs"))).keys()]).toEqual(["read_text_file.yaml"]);
    expect(await readFile(join(dir, "specs/read_text_file.yaml"), "utf8")).toBe("# reviewed\n");
    await expect(readFile(join(dir, "toolgate.mcp-pin.json"))).rejects.toThrow();

    const forced = await importMcp(dir, ["--tool", "read_text_file", "--force"], SERVER);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("specs/read_text_file.yaml: replaced");
    expect(await readFile(join(dir, "specs/read_text_file.yaml"), "utf8")).toBe(firstOut.get("specs/read_text_file.yaml"));
  }, 240_000);
});
