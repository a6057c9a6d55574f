import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateProject } from "./support/generated-project.js";
import { positionOf } from "./support/position.js";
import { compileTexts, sharedTestdata } from "./support/project.js";

/**
 * Dialects read and upgraded on load (issue 12): `$schema`, the spec's `dialect` key and an OpenAPI
 * document's version each say how a schema is read; diagnostics keep pointing at the user's line.
 */

const A = "specs/a.yaml";

/** A spec whose output has `v` (and whatever `output` adds), viewing `ok`. */
function spec(output: readonly string[], head: readonly string[] = []): string {
  return [
    "tool: t1",
    "version: 1",
    "description: Reads one thing.",
    ...head,
    "input:",
    "  type: object",
    "  properties:",
    "    id: { type: string, maxLength: 8 }",
    "output:",
    "  type: object",
    "  required: [ok]",
    "  properties:",
    "    ok: { type: boolean }",
    ...output,
    "agent_view: [ok]",
    "",
  ].join("\n");
}

async function diagnosticsOf(files: Record<string, string>): Promise<[string, string, number, number, string][]> {
  const out = await compileTexts(files);
  return out.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message]);
}

const at = (code: string, file: string, text: string, needle: string, message: string): [string, string, number, number, string] => {
  const p = positionOf(file, text, needle);
  return [code, file, p.line, p.column, message];
};

describe("draft-only keywords in a 2020-12 schema (TG232)", () => {
  const cases: [title: string, property: string, needle: string, message: string][] = [
    ["a tuple items", "    v: { type: array, items: [{ type: string }] }", "items", '"items" is older draft syntax; in 2020-12 write prefixItems (a tuple), with items for the rest'],
    ["additionalItems", "    v: { type: array, prefixItems: [{ type: string }], additionalItems: false }", "additionalItems", '"additionalItems" is older draft syntax; in 2020-12 write items beside prefixItems'],
    ["dependencies", "    v: { type: object, dependencies: { a: [b] } }", "dependencies", '"dependencies" is older draft syntax; in 2020-12 write dependentRequired (for lists of names) or dependentSchemas (for schemas)'],
    ["a boolean exclusiveMinimum", "    v: { type: number, minimum: 1, exclusiveMinimum: true }", "exclusiveMinimum", '"exclusiveMinimum" is older draft syntax; in 2020-12 write a number: exclusiveMinimum: <bound> instead of minimum'],
    ["nullable", "    v: { type: string, nullable: true }", "nullable", '"nullable" is older draft syntax; in 2020-12 write a type union with "null", e.g. type: [string, "null"]'],
  ];

  it.each(cases)("names the replacement of %s, alone, at its line", async (_title, property, needle, message) => {
    const text = spec([property]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([at("TG232", A, text, needle, message)]);
  });
});

describe("$schema", () => {
  it("reports an unknown $schema at its line (TG230)", async () => {
    const text = spec(["  $schema: https://example.com/my-dialect"]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([at("TG230", A, text, "$schema", 'unknown $schema "https://example.com/my-dialect"')]);
  });

  it("reads a payload in its draft-07 $schema, keeping positions through renamed keywords", async () => {
    // items[0] becomes prefixItems/0 and definitions becomes $defs: the findings still point here.
    const text = spec(["    v: { type: array, items: [{ type: string, format: color }] }", "    w: { $ref: '#/definitions/w' }", "  definitions:", "    w: { type: string, pattern: '^(a+)+$' }"], []).replace(
      "output:\n",
      "output:\n  $schema: http://json-schema.org/draft-07/schema#\n",
    );
    expect(await diagnosticsOf({ [A]: text })).toEqual([
      at("TG216", A, text, "format", 'format "color" is not supported'),
      at("TG213", A, text, "pattern", 'pattern "^(a+)+$" can backtrack catastrophically (ReDoS)'),
    ]);
  });

  it("reads a referenced file in its own $schema, whatever the spec's dialect", async () => {
    const shared = "$schema: http://json-schema.org/draft-04/schema#\ndefinitions:\n  pair:\n    type: array\n    items: [{ type: integer, minimum: 0, exclusiveMinimum: true }]\n    additionalItems: false\n";
    const project = await generateProject("dialect-file", { [A]: spec(["    v: { $ref: 'schemas/pair.yaml#/definitions/pair' }"]), "specs/schemas/pair.yaml": shared });
    try {
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      expect([{ ok: true, v: [1] }, { ok: true, v: [0] }, { ok: true, v: [1, 2] }].map(validateOutput)).toEqual([true, false, false]);
    } finally {
      await project.dispose();
    }
  });
});

describe("$ref against the schema's own $id", () => {
  it("names the remote URI a relative ref becomes under an $id (TG203)", async () => {
    const text = spec(["    v: { $ref: 'other.json' }", "  $id: https://example.com/s/root.json"]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([at("TG203", A, text, "$ref", 'remote $ref "https://example.com/s/other.json" is not allowed')]);
  });
});

describe("lossy upgrades warn and say what changed (TG231)", () => {
  it("drops keywords beside a draft-07 $ref, as the draft does", async () => {
    const text = spec(["    v: { $ref: '#/definitions/n', maximum: 3 }", "  definitions:", "    n: { type: integer }"], ["dialect: draft-07"]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([
      at("TG231", A, text, "$ref", "upgrading draft-07 to 2020-12 drops maximum beside $ref (draft-07 ignores keywords beside a $ref)"),
    ]);
  });

  it("drops a draft-04 exclusiveMaximum without maximum", async () => {
    const text = spec(["    v: { type: integer, exclusiveMaximum: true }"], ["dialect: draft-04"]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([
      at("TG231", A, text, "exclusiveMaximum", "upgrading draft-04 to 2020-12 drops exclusiveMaximum: true, which has no effect without maximum"),
    ]);
  });
});

describe("upgraded schemas validate as their dialect says", () => {
  const cases: [title: string, head: string, property: string, data: [unknown, boolean][]][] = [
    ["draft-04 boolean exclusive bounds", "dialect: draft-04", "    v: { type: number, minimum: 1, exclusiveMinimum: true, maximum: 2 }", [[1, false], [1.5, true], [2, true]]],
    ["draft-07 dependencies", "dialect: draft-07", "    v: { type: object, properties: { a: {}, b: {}, c: {}, d: {} }, dependencies: { a: [b], c: { required: [d] } } }", [[{ a: 1 }, false], [{ a: 1, b: 2 }, true], [{ c: 1 }, false], [{ c: 1, d: 1 }, true]]],
    ["2019-09 tuple items", "dialect: 2019-09", "    v: { type: array, items: [{ type: string }], additionalItems: { type: integer } }", [[["a", 1], true], [["a", "b"], false], [[1], false]]],
    ["OpenAPI 3.0 nullable, x-* and example", "dialect: openapi-3.0", "    v: { type: string, nullable: true, x-internal: yes, example: abc, maxLength: 3 }", [[null, true], ["abc", true], ["abcd", false]]],
    ["OpenAPI 3.0 nullable enum", "dialect: openapi-3.0", "    v: { type: string, enum: [a], nullable: true }", [[null, true], ["a", true], ["b", false]]],
    ["a $ref to an $anchor", "", "    v: { $ref: '#small' }\n  $defs:\n    s: { $anchor: small, type: integer, maximum: 3 }", [[3, true], [4, false]]],
    ["a $ref to the schema's own $id", "", "    v: { $ref: 'https://example.com/out#/$defs/s' }\n  $id: https://example.com/out\n  $defs:\n    s: { type: integer, maximum: 3 }", [[3, true], [4, false]]],
    ["a $ref to a boolean schema", "", "    v: { $ref: '#/$defs/never' }\n  $defs:\n    never: false", [[1, false], [null, false]]],
    ["a $dynamicRef with one $dynamicAnchor", "", "    v: { $dynamicRef: '#node' }\n  $defs:\n    n: { $dynamicAnchor: node, type: array, items: { $dynamicRef: '#node' }, maxItems: 2 }", [[[[]], true], [[1], false], [[[], [], []], false]]],
  ];

  it.each(cases)("%s", async (_title, head, property, data) => {
    const text = spec([property], head === "" ? [] : [head]);
    const project = await generateProject("dialect-upgrade", { [A]: text });
    try {
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      expect(data.map(([v]) => validateOutput({ ok: true, v }))).toEqual(data.map(([, valid]) => valid));
    } finally {
      await project.dispose();
    }
  });

  it("reports a $dynamicRef whose anchor two schemas of one resource declare (TG233)", async () => {
    const text = spec(["    v: { $dynamicRef: '#node' }", "  $defs:", "    a: { $dynamicAnchor: node, type: integer }", "    b: { $dynamicAnchor: node, type: string }"]);
    expect(await diagnosticsOf({ [A]: text })).toEqual([
      at("TG233", A, text, "$dynamicRef", '$dynamicRef "#node" cannot be resolved at compile time: 2 schemas of one schema resource declare $dynamicAnchor "node"'),
    ]);
  });
});

describe("a $ref into an OpenAPI document", () => {
  const read = (name: string): Promise<string> => readFile(join(sharedTestdata, "openapi", name), "utf8");

  it.each(["petstore.3.0.yaml", "petstore-expanded.3.0.yaml"])("reads %s's components/schemas as OpenAPI 3.0", async (name) => {
    const pets = name === "petstore.3.0.yaml" ? "Pets" : "Pet";
    const text = spec([`    v: { $ref: 'openapi/api.yaml#/components/schemas/${pets}' }`]);
    const project = await generateProject("dialect-openapi", { [A]: text, "specs/openapi/api.yaml": await read(name) });
    try {
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      const pet = { id: 1, name: "Rex" };
      const good = pets === "Pets" ? [pet] : pet;
      const bad = pets === "Pets" ? [{ id: "1", name: "Rex" }] : { id: "1", name: "Rex" };
      expect([validateOutput({ ok: true, v: good }), validateOutput({ ok: true, v: bad })]).toEqual([true, false]);
    } finally {
      await project.dispose();
    }
  });

  it("resolves a $dynamicRef and a $ref to an $id declared inside components/schemas (Scalar's Galaxy)", async () => {
    const api = [
      "openapi: 3.1.0",
      "info: { title: t, version: '1' }",
      "components:",
      "  schemas:",
      "    Page:",
      "      $id: https://example.com/schemas/Page",
      "      $defs:",
      "        item: { $dynamicAnchor: item, type: integer, maximum: 3 }",
      "      type: object",
      "      properties:",
      "        data: { type: array, items: { $dynamicRef: '#item' } }",
      "    ByUri: { $ref: 'https://example.com/schemas/Page' }",
      "",
    ].join("\n");
    const text = spec(["    v: { $ref: 'openapi/api.yaml#/components/schemas/Page' }", "    w: { $ref: 'openapi/api.yaml#/components/schemas/ByUri' }"]);
    const project = await generateProject("dialect-openapi-ids", { [A]: text, "specs/openapi/api.yaml": api });
    try {
      const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
      const page = (data: unknown[]) => ({ data });
      const verdicts = [page([1, 3]), page([4]), page(["1"])].flatMap((p) => [validateOutput({ ok: true, v: p }), validateOutput({ ok: true, w: p })]);
      expect(verdicts).toEqual([true, true, false, false, false, false]);
    } finally {
      await project.dispose();
    }
  });
});
