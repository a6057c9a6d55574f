import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { listFiles } from "../packages/cli/src/files.js";
import { runBuiltCli, tempDirsPerTest } from "./support/built-cli.js";
import { generateProject } from "./support/generated-project.js";
import { repoRoot } from "./support/project.js";

/**
 * `toolgate import sample` through the built CLI. Each case under test/fixtures/import-sample/ has
 * recorded responses/, a case.json (tool name, recorded call arguments, the view a reviewer would
 * choose) and the exact drafted spec, expected.yaml (`TOOLGATE_UPDATE_GOLDEN=1` rewrites it).
 */

const CASES_DIR = join(repoRoot, "test", "fixtures", "import-sample");
const UPDATE = process.env.TOOLGATE_UPDATE_GOLDEN === "1";
const CASES = readdirSync(CASES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

interface Case {
  readonly tool: string;
  readonly inputs: readonly Record<string, unknown>[];
  readonly view: readonly string[];
}

const scratch = tempDirsPerTest("import-sample");

/** A package directory: package.json, so the modeline is relative to it. */
async function project(): Promise<string> {
  const dir = await scratch();
  await writeFile(join(dir, "package.json"), "{}\n");
  return dir;
}

async function draft(name: string): Promise<{ spec: Case; text: string; responses: string[] }> {
  const dir = await project();
  const spec = JSON.parse(await readFile(join(CASES_DIR, name, "case.json"), "utf8")) as Case;
  const responses = (await listFiles(join(CASES_DIR, name, "responses"))).map((f) => join(CASES_DIR, name, "responses", f));
  const inputs = spec.inputs.flatMap((input) => ["--input", JSON.stringify(input)]);
  const result = await runBuiltCli(dir, "import", "sample", ...responses, "--tool", spec.tool, ...inputs);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return { spec, text: await readFile(join(dir, "specs", `${spec.tool}.yaml`), "utf8"), responses };
}

/** What a reviewer does with the draft: every TODO decided (view from case.json, a read-only retry class, no checks). */
function decide(text: string, spec: Case): string {
  const doc = parseDocument(text);
  doc.set("description", `Reads one ${spec.tool.replaceAll("_", " ")} record. Starts nothing, changes nothing.`);
  if (doc.get("input") === "TODO: declare the call's arguments (JSON Schema of an object)") doc.set("input", doc.createNode({ type: "object" }));
  doc.set("agent_view", doc.createNode(spec.view));
  doc.set("checks", doc.createNode([]));
  doc.set("retry", doc.createNode({ class: "safe" }));
  return doc.toString();
}

describe.each(CASES)("import sample: %s", (name) => {
  it("drafts expected.yaml byte for byte", async () => {
    const { text } = await draft(name);
    if (UPDATE) await writeFile(join(CASES_DIR, name, "expected.yaml"), text);
    expect(text).toBe(await readFile(join(CASES_DIR, name, "expected.yaml"), "utf8"));
  });

  it("compiles once its TODOs are decided, and the generated adapter accepts every recorded response", async () => {
    const { spec, text, responses } = await draft(name);
    const generated = await generateProject(`import-sample-${name}`, { [`specs/${spec.tool}.yaml`]: decide(text, spec) });
    try {
      const adapter = await generated.adapter(spec.tool.replace(/_(.)/g, (_m, c: string) => c.toUpperCase()));
      for (const [i, file] of responses.entries()) {
        const started = adapter.call(spec.inputs[i] ?? {});
        if (!started.ok) throw new Error(`call refused: ${JSON.stringify(started.result)}`);
        expect(adapter.adapt(await readFile(file, "utf8"), started.call), file).toMatchObject({ outcome: "success" });
      }
    } finally {
      await generated.dispose();
    }
  });
});

describe("import sample refuses", () => {
  it("an invalid JSON sample with its file:line:col and exit 2, writing nothing", async () => {
    const dir = await project();
    await writeFile(join(dir, "bad.json"), '{\n  "id": 7,\n  "state": open\n}\n');
    const result = await runBuiltCli(dir, "import", "sample", "bad.json", "--tool", "get_thing");
    expect(result).toEqual({ code: 2, stdout: "", stderr: "toolgate: bad.json:3:12: invalid JSON sample: unexpected character" });
    expect(await listFiles(dir)).toEqual(["bad.json", "package.json"]);
  });

  it("to replace an existing spec unless --force", async () => {
    const dir = await project();
    await writeFile(join(dir, "r.json"), '{"id": 7}');
    const first = await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "get_thing");
    expect(first.stdout).toBe(
      ["toolgate: drafted specs/get_thing.yaml from 1 recorded response", "  to decide (TODO): description, input, agent_view, checks, retry; review the inferred bounds", "  then: npx toolgate gen"].join("\n"),
    );
    await writeFile(join(dir, "specs", "get_thing.yaml"), "# reviewed\n");
    const again = await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "get_thing", "--error-format", "github");
    expect(again).toEqual({ code: 2, stdout: "", stderr: "::error::specs/get_thing.yaml exists; a reviewed spec holds decisions a draft would lose (pass --force to replace it)" });
    expect(await readFile(join(dir, "specs", "get_thing.yaml"), "utf8")).toBe("# reviewed\n");
    expect((await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "get_thing", "--force")).code).toBe(0);
    expect(await readFile(join(dir, "specs", "get_thing.yaml"), "utf8")).toContain("tool: get_thing\n");
  });

  it("a tool name the spec format refuses, an unreadable sample, invalid --input JSON and an --out that is a file, with exit 2", async () => {
    const dir = await project();
    await writeFile(join(dir, "r.json"), "{}");
    expect(await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "Get-Thing")).toMatchObject({ code: 2, stderr: 'toolgate: --tool "Get-Thing" is not a tool name (lower snake case, at most 64 characters)' });
    expect(await runBuiltCli(dir, "import", "sample", "missing.json", "--tool", "t")).toMatchObject({ code: 2, stderr: "toolgate: cannot read missing.json: it does not exist" });
    expect(await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "t", "--input", "{id: 1}")).toMatchObject({ code: 2, stderr: "toolgate: --input #1:1:2: invalid JSON: unexpected character" });
    expect(await runBuiltCli(dir, "import", "sample", "r.json", "--tool", "t", "--out", "r.json")).toMatchObject({ code: 2, stderr: "toolgate: cannot write r.json/t.yaml: a parent is not a directory" });
    expect(await listFiles(dir)).toEqual(["package.json", "r.json"]);
  });
});
