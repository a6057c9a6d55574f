import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolSpecSchema } from "@toolgate/spec";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { readSpecTree } from "../packages/cli/src/files.js";
import { KNOWN_KEYWORDS, VENDOR_ANNOTATIONS } from "../packages/compiler/src/schema/keywords.js";
import { repoRoot, scratchDir } from "./support/project.js";
import { YamlLanguageServer, type LspDiagnostic } from "./support/yaml-lsp.js";

/**
 * The editor schema (packages/spec/toolspec.schema.json) through the real yaml-language-server, as an
 * editor uses it through the spec's modeline: payload schemas and agent_view entries are typed too.
 */

let scratch: { dir: string; dispose: () => Promise<void> };
let server: YamlLanguageServer;
const modeline = "# yaml-language-server: $schema=../../../packages/spec/toolspec.schema.json\n";
const seen = (diagnostics: readonly LspDiagnostic[]) => diagnostics.map((d) => [d.range.start.line + 1, d.message]);
const buildStatus = async (): Promise<string> =>
  (await readFile(join(repoRoot, "specs", "build_status.yaml"), "utf8")).replace(/^# yaml-language-server:.*\n/, modeline).replaceAll("./schemas/common.yaml", "../../../specs/schemas/common.yaml");

beforeAll(async () => {
  scratch = await scratchDir("editor-schema");
  server = new YamlLanguageServer();
  await server.initialize(scratch.dir);
}, 60_000);

afterAll(async () => {
  server?.close();
  await scratch?.dispose();
});

describe("yaml-language-server with the spec's modeline", () => {
  it("flags a misspelt payload keyword and an agent_view entry that is no path, at their lines", { timeout: 90_000 }, async () => {
    const text = (await buildStatus())
      .replace("items: { type: string, maxLength: 256 }", "items: { type: string, maxLenght: 256 }")
      .replace("agent_view: [build, observed_at]", "agent_view: [build, \"runs[0].state\"]");
    const lines = text.split("\n");
    const line = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const diagnostics = await server.diagnostics(join(scratch.dir, "typo.yaml"), text);
    expect(seen(diagnostics)).toEqual([
      [line("maxLenght"), "Property maxLenght is not allowed."],
      [line("agent_view:"), "Not an output path: write names joined by dots, [] after an array (`a`, `a.b`, `runs[].state`)."],
    ]);
  });

  it("publishes nothing for a correct spec", { timeout: 90_000 }, async () => {
    expect(seen(await server.diagnostics(join(scratch.dir, "build_status.yaml"), await buildStatus(), 15_000))).toEqual([]);
  });
});

it("flags a misspelt keyword in a shared schema file through payload.schema.json", { timeout: 90_000 }, async () => {
  const text = "# yaml-language-server: $schema=../../../packages/spec/payload.schema.json\n$defs:\n  id: { type: string, maxLenght: 3 }\n  ok: { type: integer, x-origin: billing }\n";
  expect(seen(await server.diagnostics(join(scratch.dir, "common.yaml"), text))).toEqual([[3, "Property maxLenght is not allowed."]]);
});

it("accepts every example spec and shared schema of the repository", async () => {
  // payload.schema.json names toolspec.schema.json by its file name, as an editor resolves it beside it.
  const ajv = new Ajv({ strict: false, allErrors: true }).addSchema(toolSpecSchema, "toolspec.schema.json");
  const payload = ajv.compile((await import("@toolgate/spec/payload.schema.json", { with: { type: "json" } })).default);
  const spec = ajv.getSchema("toolspec.schema.json")!;
  const tree = await readSpecTree(join(repoRoot, "specs"), "specs");
  const rejected = [...tree.files].flatMap(([path, text]) => {
    const validate = tree.specs.includes(path) ? spec : payload;
    return validate(parse(text)) ? [] : [[path, ajv.errorsText(validate.errors)]];
  });
  expect(rejected).toEqual([]);
});

it("types every keyword and annotation the compiler accepts in a payload schema", () => {
  const vocabulary = (toolSpecSchema as { definitions: { jsonSchemaObject: { properties: object } } }).definitions.jsonSchemaObject.properties;
  const missing = [...KNOWN_KEYWORDS, ...VENDOR_ANNOTATIONS].filter((keyword) => !Object.hasOwn(vocabulary, keyword));
  expect(missing).toEqual([]);
});
