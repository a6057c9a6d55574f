import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { loadDraft, type Draft } from "../support/draft-suite.js";
import { generateProject } from "../support/generated-project.js";

/**
 * The 2019-09 and 2020-12 metaschemas are built in (issue 12): a `$ref` to one reads the copy Ajv
 * ships, through the dynamic-scope resolution their `$dynamicRef: "#meta"` / `$recursiveRef: "#"`
 * need, with no file of the project and no network. The generated validator judges schemas as
 * Ajv's own metaschema check does: every schema of the draft's suite, and schemas that break it.
 */

const METASCHEMAS: readonly [Draft, string, () => Ajv2019 | Ajv2020][] = [
  ["draft2020-12", "https://json-schema.org/draft/2020-12/schema", () => new Ajv2020({ strict: false, validateFormats: false })],
  ["draft2019-09", "https://json-schema.org/draft/2019-09/schema", () => new Ajv2019({ strict: false, validateFormats: false })],
];

const BROKEN: readonly unknown[] = [
  1, "string", null, [], { type: 1 }, { type: "strin" }, { minLength: -1 }, { maxItems: 1.5 }, { required: "a" },
  { properties: { a: { type: "strin" } } }, { $defs: { a: { minimum: "0" } } }, { allOf: [] }, { anyOf: [{ type: 2 }] },
  { items: { enum: 1 } }, { not: { const: 1, multipleOf: 0 } }, { patternProperties: { a: { uniqueItems: "yes" } } },
  { dependentRequired: { a: [1] } }, { additionalProperties: { required: [1] } }, { if: { type: {} } }, { $anchor: 1 },
];

function spec(uri: string): string {
  // The metaschema is open (unknown keywords are allowed) and asserts no format: as written.
  const output = { type: "object", required: ["ok", "schema"], properties: { ok: { type: "boolean" }, schema: { $ref: uri } } };
  const vocabulary = { formats: "annotate" };
  return JSON.stringify({ tool: "meta", version: 1, description: "d", unknown_members: "ignore", vocabulary, input: { type: "object" }, output, agent_view: ["ok"] });
}

describe.each(METASCHEMAS)("the %s metaschema, built in", (draft, uri, ajv) => {
  it("compiles with no file but the spec, types included, and judges schemas as Ajv's metaschema does", async () => {
    const project = await generateProject("metaschema", { "specs/meta.json": spec(uri) });
    try {
      expect(project.out.files.map((f) => f.path)).toContain("meta/types.ts");
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("meta/validate.ts");
      const schemas = [...(await loadDraft(draft)).map((g) => g.schema), ...BROKEN];
      const reference = ajv();
      const verdicts = schemas.map((s) => [s, validateOutput({ ok: true, schema: s })]);
      expect(verdicts).toEqual(schemas.map((s) => [s, reference.validate(uri, s) as boolean]));
      expect(verdicts.filter(([, valid]) => !valid).length).toBe(BROKEN.length);
    } finally {
      await project.dispose();
    }
  }, 120_000);
});
