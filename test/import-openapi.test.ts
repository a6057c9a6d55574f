import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { runBuiltCli } from "./support/built-cli.js";
import { decideTodos, todoLines } from "./support/import-openapi.js";
import { repoRoot, scratchDir, sharedTestdata } from "./support/project.js";
import { readTree } from "./support/tree.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * `toolgate import openapi` end to end through the built CLI, in a fresh project per document:
 * import → gen reports exactly the TODO markers (TG120 at their lines) → the TODOs are decided by a
 * scripted edit → gen succeeds → the output type-checks → one example response goes through the
 * generated adapter. The imported specs are golden files (`npm run golden:update` rewrites them).
 */

const FIXTURES = join(repoRoot, "test/fixtures/import-openapi");
const GOLDEN = join(FIXTURES, "golden");
const UPDATE = process.env.TOOLGATE_UPDATE_GOLDEN === "1";

interface Case {
  readonly document: string;
  /** The tools the import drafts (the other operations are reported as not importable). */
  readonly tools: readonly string[];
  /** Tools' calls and responses to adapt: the document's own example where it has one. */
  readonly adapt: readonly { readonly binding: string; readonly input: Record<string, unknown>; readonly raw: string; readonly data: unknown }[];
}

const openapi = (name: string): string => join(sharedTestdata, "openapi", name);

const CASES: readonly Case[] = [
  {
    document: openapi("petstore.3.0.yaml"),
    tools: ["list_pets", "show_pet_by_id"],
    adapt: [
      { binding: "showPetById", input: { petId: "7" }, raw: '{"id":7,"name":"Rex","tag":"dog"}', data: { id: 7, name: "Rex" } },
      // An array root: the view selects item fields under `items`.
      { binding: "listPets", input: { limit: 2 }, raw: '[{"id":7,"name":"Rex","tag":"dog"},{"id":8,"name":"Tom"}]', data: { items: [{ id: 7, name: "Rex" }, { id: 8, name: "Tom" }] } },
    ],
  },
  {
    document: openapi("petstore-expanded.3.0.yaml"),
    tools: ["add_pet", "find_pet_by_id", "find_pets"],
    adapt: [
      { binding: "findPetById", input: { id: 7 }, raw: '{"id":7,"name":"Rex"}', data: { id: 7, name: "Rex" } },
      { binding: "findPets", input: { limit: 1 }, raw: '[{"id":7,"name":"Rex","tag":"dog"}]', data: { items: [{ name: "Rex", id: 7 }] } },
    ],
  },
  {
    document: openapi("uspto.3.0.yaml"),
    tools: ["list_data_sets", "list_searchable_fields"],
    adapt: [
      // The document's own example of the 200 response.
      {
        binding: "listDataSets",
        input: {},
        raw: JSON.stringify({ total: 2, apis: [{ apiKey: "oa_citations", apiVersionNumber: "v1", apiUrl: "https://developer.uspto.gov/ds-api/oa_citations/v1/fields", apiDocumentationUrl: "https://developer.uspto.gov/ds-api-docs/index.html" }] }),
        data: { total: 2 },
      },
      // A scalar root: the view names it `value`.
      { binding: "listSearchableFields", input: { dataset: "oa_citations", version: "v1" }, raw: '"patent_number,filing_date"', data: { value: "patent_number,filing_date" } },
    ],
  },
  {
    document: openapi("link-example.3.0.yaml"),
    tools: ["get_pull_requests_by_id", "get_pull_requests_by_repository", "get_repositories_by_owner", "get_repository", "get_user_by_name"],
    adapt: [{ binding: "getUserByName", input: { username: "ada" }, raw: '{"username":"ada","uuid":"u-1"}', data: { username: "ada", uuid: "u-1" } }],
  },
  {
    document: join(FIXTURES, "bookshop.3.1.yaml"),
    tools: ["create_order", "get_book", "list_books", "update_book"],
    // The document's `dune` example of getBook's 200 response.
    adapt: [
      {
        binding: "getBook",
        input: { book_id: "bk_0001" },
        raw: JSON.stringify({ book_id: "bk_0001", title: "Dune", subtitle: null, price: { amount: 1299, currency: "EUR" }, isbn: "9780441013593", updated_at: "2026-11-30T12:00:00Z" }),
        data: { title: "Dune", book_id: "bk_0001", updated_at: "2026-11-30T12:00:00Z" },
      },
    ],
  },
];

const scratches: { dispose: () => Promise<void> }[] = [];
afterAll(() => Promise.all(scratches.map((s) => s.dispose())));

async function project(prefix: string): Promise<string> {
  const scratch = await scratchDir(prefix);
  scratches.push(scratch);
  return scratch.dir;
}

const specNames = async (dir: string): Promise<string[]> => (await readdir(join(dir, "specs"))).filter((n) => n.endsWith(".yaml")).sort();

async function checkGolden(name: string, dir: string): Promise<void> {
  const expectedDir = join(GOLDEN, name);
  const actual = await readTree(join(dir, "specs"));
  if (UPDATE) {
    await rm(expectedDir, { recursive: true, force: true });
    for (const [path, text] of actual) await mkdir(join(expectedDir, path, ".."), { recursive: true }).then(() => writeFile(join(expectedDir, path), text));
  }
  const expected = await readTree(expectedDir);
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [path, text] of actual) expect(text, path).toBe(expected.get(path));
}

describe("toolgate import openapi", () => {
  it.each(CASES)("$document: import, TODOs reported, decided, gen, type-check, adapt", async (c) => {
    const dir = await project("import-openapi");
    // A package of its own, as a user's is: the modeline resolves from specs/ to its node_modules.
    await writeFile(join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
    const imported = await runBuiltCli(dir, "import", "openapi", c.document);
    expect(imported.code, imported.stderr).toBe(0);
    expect(await specNames(dir)).toEqual(c.tools.map((t) => `${t}.yaml`));
    await checkGolden(c.document.split("/").at(-1)!.replace(/\.ya?ml$/, ""), dir);
    expect((await readFile(join(dir, "specs", `${c.tools[0]}.yaml`), "utf8")).split("\n", 1)[0]).toBe("# yaml-language-server: $schema=../node_modules/@toolgate/spec/toolspec.schema.json");

    // Exactly the TODO markers, each at its line, and nothing else that is an error.
    const first = await runBuiltCli(dir, "gen", "--error-format", "json");
    expect(first.code).toBe(1);
    const errors = (JSON.parse(first.stderr) as { code: string; file: string; line: number; severity: string }[]).filter((d) => d.severity === "error");
    const expected = (await Promise.all(c.tools.map(async (t) => todoLines(await readFile(join(dir, "specs", `${t}.yaml`), "utf8")).map((line) => ["TG120", `specs/${t}.yaml`, line])))).flat();
    expect(errors.map((d) => [d.code, d.file, d.line]).sort()).toEqual(expected.sort());

    for (const tool of c.tools) await decideTodos(join(dir, "specs", `${tool}.yaml`));
    const second = await runBuiltCli(dir, "gen", "--quiet");
    expect(second.code, second.stderr).toBe(0);
    const generated = (await readTree(join(dir, "generated"))).keys();
    expect(typeCheck([...generated].filter((p) => p.endsWith(".ts")).map((p) => join(dir, "generated", p)))).toEqual([]);

    const index = (await import(join(dir, "generated/index.ts"))) as Record<string, { call(a: unknown): { ok: boolean; call: unknown }; adapt(raw: string, call: unknown): unknown }>;
    for (const a of c.adapt) {
      const adapter = index[a.binding]!;
      const started = adapter.call(a.input);
      expect(started.ok, a.binding).toBe(true);
      expect(adapter.adapt(a.raw, started.call)).toMatchObject({ outcome: "success", data: a.data });
    }
  }, 240_000);

  it("imports nothing from a document whose operations declare no JSON schema, and says why (exit 1)", async () => {
    const dir = await project("import-openapi-none");
    const result = await runBuiltCli(dir, "import", "openapi", openapi("api-with-examples.3.0.yaml"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('warning TG123: operation "listVersionsv2" is not imported: its 200 response declares no JSON schema');
    expect(result.stdout).toContain("nothing written");
    expect(await readdir(dir)).toEqual([]);
  }, 60_000);

  it("keeps the author's decisions on re-import and reports what changed upstream", async () => {
    const dir = await project("import-openapi-again");
    await cp(join(FIXTURES, "bookshop.3.1.yaml"), join(dir, "bookshop.yaml"));
    await cp(join(FIXTURES, "bookshop-common.yaml"), join(dir, "bookshop-common.yaml"));
    expect((await runBuiltCli(dir, "import", "openapi", "bookshop.yaml")).code).toBe(0);
    await decideTodos(join(dir, "specs/get_book.yaml"));
    const decided = await readFile(join(dir, "specs/get_book.yaml"), "utf8");
    await writeFile(join(dir, "specs/get_book.yaml"), decided.replace("version: 1", "version: 1\nlimits: { max_bytes: 8KiB } # mine"));

    const document = (await readFile(join(dir, "bookshop.yaml"), "utf8"))
      .replace('"429": { $ref: "#/components/responses/Problem" }', '"403": { $ref: "#/components/responses/Problem" }')
      .replace("isbn: { type: string, pattern: \"^[0-9]{13}$\" }", "isbn: { type: string, pattern: \"^[0-9]{13}$\" }\n            edition: { type: integer }");
    await writeFile(join(dir, "bookshop.yaml"), document);
    const again = await runBuiltCli(dir, "import", "openapi", "bookshop.yaml");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trimEnd().split("\n")).toEqual([
      "specs/schemas/bookshop.yaml: updated: ~ Book",
      "specs/get_book.yaml: upstream changed: errors: + REMOTE_FORBIDDEN, − RATE_LIMITED; schema Book changed",
      "specs/update_book.yaml: upstream changed: schema Book changed",
      "specs/list_books.yaml: upstream changed: schema Book changed",
      "specs/create_order.yaml: unchanged",
      "toolgate: 4 specs from bookshop.yaml, 2 files written; run `npx toolgate gen` to see the decisions left to you",
    ]);
    const after = await readFile(join(dir, "specs/get_book.yaml"), "utf8");
    const kept = parseDocument(after).toJS() as Record<string, unknown>;
    expect(kept).toMatchObject({ limits: { max_bytes: "8KiB" }, agent_view: ["title", "book_id", "updated_at"], checks: [], retry: { class: "safe" } });
    expect(after).toMatch(/^limits: .* # mine$/m);
    expect(after).toContain("errors: [AUTH_FAILED, NOT_FOUND, REMOTE_FORBIDDEN, TEMPORARY_FAILURE, UPSTREAM_UNAVAILABLE]");
    expect(await readFile(join(dir, "specs/schemas/bookshop.yaml"), "utf8")).toContain("edition:");
  }, 120_000);
});

describe("toolgate import openapi on bad input: a clear error, exit 2, nothing written", () => {
  it.each([
    ["a document that is not OpenAPI", "doc.yaml", "swagger: '2.0'\npaths: {}\n", /doc\.yaml:1:1: error TG121: "doc\.yaml" is not an OpenAPI 3\.0 or 3\.1 document: it has no openapi version/],
    ["a JSON document of the wrong version", "doc.json", '{"openapi": "2.5", "paths": {}}', /doc\.json:1:2: error TG121: .*openapi is "2\.5"/],
    ["a syntax error", "doc.yaml", "openapi: 3.0.0\npaths: {\n", /doc\.yaml:\d+:\d+: error TG101: syntax error/],
    [
      "a broken $ref",
      "doc.yaml",
      "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: x\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/Nope' }\n",
      /doc\.yaml:10:25: error TG122: \$ref "#\/components\/schemas\/Nope" cannot be resolved: no "\/components\/schemas\/Nope" in "doc\.yaml"/,
    ],
    ["a $ref to a missing file", "doc.yaml", "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: './gone.yaml#/A' }\n", /error TG122: \$ref "\.\/gone\.yaml#\/A" cannot be resolved: "gone\.yaml" it does not exist/],
    ["a remote $ref", "doc.yaml", "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: 'https://example.com/a.yaml' }\n", /error TG122: .*a remote or malformed reference/],
  ])("%s", async (_, name, text, message) => {
    const dir = await project("import-openapi-bad");
    await writeFile(join(dir, name), text);
    const result = await runBuiltCli(dir, "import", "openapi", name);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(await readdir(dir)).toEqual([name]);
  }, 60_000);

  it("a missing document", async () => {
    const dir = await project("import-openapi-missing");
    const result = await runBuiltCli(dir, "import", "openapi", "nowhere.yaml", "--error-format", "json");
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual([{ severity: "error", message: "cannot read nowhere.yaml: it does not exist" }]);
    expect(await readdir(dir)).toEqual([]);
  });

  it("an --operation the document does not have", async () => {
    const dir = await project("import-openapi-unknown-op");
    const result = await runBuiltCli(dir, "import", "openapi", openapi("petstore.3.0.yaml"), "--operation", "showPetById", "--operation", "adoptPet");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error TG124: the document has no operation "adoptPet"');
    expect(await readdir(dir)).toEqual([]);
  });
});
