import type { Validator } from "@toolgate/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "./support/generated-project.js";
import { positionOf } from "./support/position.js";
import { compileTexts } from "./support/project.js";

/**
 * Annotation and vendor keywords (issue 12): real-world schemas carry editor and API-tool annotations
 * that validate nothing. They compile, constrain nothing and never reach generated code; a misspelt
 * validation keyword is still an error, and a spec opts in to further keywords and unknown formats.
 */

const A = "specs/a.yaml";

function spec(field: string, vocabulary: readonly string[] = []): string {
  return [
    "tool: a",
    "version: 1",
    "description: Reads one thing.",
    "input:",
    "  type: object",
    "  required: [v]",
    "  properties:",
    `    v: ${field}`,
    "output:",
    "  type: object",
    "  required: [id]",
    "  properties:",
    "    id: { type: string, format: uuid }",
    "agent_view: [id]",
    ...vocabulary,
    "",
  ].join("\n");
}

const ANNOTATED = [
  "{ type: string, maxLength: 8, x-order: 3, x-nested: { type: integer }, markdownDescription: '**v**', deprecationMessage: old,",
  "enumDescriptions: [a], example: abc, examples: [abc], $comment: c, deprecated: true, readOnly: true, writeOnly: false,",
  "contentMediaType: text/plain, contentEncoding: base64, title: V, default: abc, tsType: string, format: color }",
].join(" ");

const projects: GeneratedProject[] = [];
afterAll(async () => Promise.all(projects.map((p) => p.dispose())));

const errorsOf = async (text: string) => (await compileTexts({ [A]: text })).diagnostics.map((d) => [d.code, d.severity, d.line, d.column]);

describe("annotation and vendor keywords", () => {
  it("compiles them as annotations: they constrain nothing and do not appear in generated code", async () => {
    const text = spec(ANNOTATED, ["vocabulary: { ignore: [tsType], unknown_formats: annotate }"]);
    const project = await generateProject("vocabulary", { [A]: text });
    projects.push(project);
    const at = positionOf(A, text, "format: color");
    // TG503 (vendor strict modes lack contentMediaType/contentEncoding) is the definitions' concern.
    const own = project.out.diagnostics.filter((d) => d.code !== "TG503");
    expect(own.map((d) => [d.code, d.line, d.column])).toEqual([["TG251", at.line, at.column]]);
    const { validateInput } = await project.load<{ validateInput: Validator }>("a/validate.ts");
    expect(validateInput({ v: "nope" })).toBe(true);
    expect(validateInput({ v: 5 })).toBe(false);
    expect(validateInput({ v: "too long for it" })).toBe(false);
    const code = project.out.files.filter((f) => f.path.endsWith(".ts")).map((f) => f.content).join("\n");
    for (const keyword of ["x-order", "x-nested", "markdownDescription", "deprecationMessage", "enumDescriptions", "tsType", "color"]) expect(code).not.toContain(keyword);
  });

  it("still reports a misspelt validation keyword next to them (TG218, with a suggestion)", async () => {
    const text = spec("{ type: string, x-order: 1, markdownDescription: m, maxLenght: 4 }");
    const at = positionOf(A, text, "maxLenght");
    expect(await errorsOf(text)).toEqual([["TG218", "error", at.line, at.column]]);
  });

  it("keeps an unknown keyword an error unless the spec's vocabulary names it", async () => {
    // ajv-keywords' uniqueItemProperties validates: ignoring it by default would accept what it refuses.
    const text = spec("{ type: array, uniqueItemProperties: [id] }");
    expect((await errorsOf(text)).map(([code]) => code)).toEqual(["TG218"]);
    expect(await errorsOf(spec("{ type: array, uniqueItemProperties: [id] }", ["vocabulary: { ignore: [uniqueItemProperties] }"]))).toEqual([]);
  });

  it("knows the vendor vocabularies without a vocabulary line; the types follow the validator, not tsType", async () => {
    const vendor = [
      "{ type: string, enum: [a, b], tsType: number, tsEnumNames: [A, B], tsAdditionalProperties: false, 'meta:enum': { a: first },",
      "defaultSnippets: [{ body: a }], markdownEnumDescriptions: [x, y], errorMessage: no, patternErrorMessage: no, doNotSuggest: true,",
      "suggestSortText: a, allowComments: true, allowTrailingCommas: true }",
    ].join(" ");
    const text = spec(vendor);
    const project = await generateProject("vocabulary-vendor", { [A]: text });
    projects.push(project);
    expect(project.out.diagnostics.filter((d) => d.code !== "TG503").map((d) => d.code)).toEqual([]);
    const { validateInput } = await project.load<{ validateInput: Validator }>("a/validate.ts");
    expect([validateInput({ v: "a" }), validateInput({ v: 1 }), validateInput({ v: "c" })]).toEqual([true, false, false]);
    const types = project.out.files.filter((f) => f.path.endsWith("types.ts")).map((f) => f.content).join("\n");
    expect(types).toMatch(/v: "a" \| "b"/);
    const code = project.out.files.filter((f) => f.path.endsWith(".ts")).map((f) => f.content).join("\n");
    for (const keyword of ["tsType", "tsEnumNames", "meta:enum", "defaultSnippets", "first"]) expect(code).not.toContain(keyword);
  });

  it("keeps an unsupported format an error unless the spec opts in (TG216)", async () => {
    const text = spec("{ type: string, format: color }");
    const at = positionOf(A, text, "format: color");
    expect(await errorsOf(text)).toEqual([["TG216", "error", at.line, at.column]]);
    expect(await errorsOf(spec("{ type: string, format: color }", ["vocabulary: { unknown_formats: reject }"]))).toEqual([["TG216", "error", at.line, at.column]]);
  });

  it("refuses to ignore a keyword toolgate asserts (TG252)", async () => {
    const text = spec("{ type: string, pattern: '^a$' }", ["vocabulary: { ignore: [x-ok, pattern] }"]);
    const at = positionOf(A, text, "pattern]");
    expect(await errorsOf(text)).toEqual([["TG252", "error", at.line, at.column]]);
  });

  it("rejects a malformed vocabulary with the spec format's own diagnostics", async () => {
    expect((await errorsOf(spec("{ type: string }", ["vocabulary: { ignore: tsType, format: annotate }"]))).map(([code]) => code).sort()).toEqual(["TG111", "TG113"]);
  });
});
