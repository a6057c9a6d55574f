import { describe, expect, it } from "vitest";
import type { RawSpec } from "../front/spec.js";
import type { BundledTool } from "../load/bundle.js";
import { atPointer, findings, positions, yamlDocument } from "../../../../test/support/compiler-findings.js";
import { checkVocabulary, vocabularyOf, withoutIgnored } from "./vocabulary.js";

const spec = (vocabulary: unknown) => ({ tool: "t1", vocabulary }) as unknown as RawSpec;

describe("vocabularyOf", () => {
  it("reads ignore, unknown_formats and formats, defaulting to nothing and asserted formats", () => {
    expect(vocabularyOf(spec({ ignore: ["nullable"], unknown_formats: "annotate" }))).toEqual({ ignore: new Set(["nullable"]), annotateFormats: true, formats: "assert" });
    expect(vocabularyOf(spec({ formats: "annotate" }))).toEqual({ ignore: new Set(), annotateFormats: false, formats: "annotate" });
    expect(vocabularyOf(spec(undefined))).toEqual({ ignore: new Set(), annotateFormats: false, formats: "assert" });
  });
});

describe("checkVocabulary", () => {
  it("accepts ignoring keywords toolgate does not know", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["nullable", "x-foo"] }), atPointer, sink))).toEqual([]);
  });

  it("TG252 at each ignored keyword toolgate asserts", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["nullable", "maxLength", "required"] }), atPointer, sink))).toEqual([
      'TG252 /vocabulary/ignore/1 vocabulary.ignore lists "maxLength", which toolgate validates with or resolves references through',
      'TG252 /vocabulary/ignore/2 vocabulary.ignore lists "required", which toolgate validates with or resolves references through',
    ]);
  });

  it("accepts an annotation keyword in ignore (validation ignores it already) but refuses $defs", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["title", "$defs"] }), atPointer, sink))).toEqual([
      'TG252 /vocabulary/ignore/1 vocabulary.ignore lists "$defs", which toolgate validates with or resolves references through',
    ]);
    expect([...vocabularyOf(spec({ ignore: ["title", "tsType"] }) as RawSpec).ignore]).toEqual(["tsType"]);
  });

  it("points at the list item in a loaded spec", () => {
    const doc = yamlDocument(["tool: t1", "vocabulary:", "  ignore:", "    - nullable", "    - pattern"]);
    expect(positions((sink) => checkVocabulary(doc.value as RawSpec, doc.locate, sink))).toEqual(["TG252 5:7"]);
  });
});

describe("withoutIgnored", () => {
  const bundle: BundledTool = {
    input: { type: "object", nullable: true, "x-note": 1, properties: { at: { type: "string", format: "semver" } } },
    output: { type: "string", format: "uuid", example: "e" },
    defs: { d: { type: "integer", nullable: false } },
    files: ["specs/t.yaml"],
    locate: atPointer,
  };

  it("strips ignored, x- and vendor keywords everywhere, and unknown formats when annotated", () => {
    const stripped = withoutIgnored(bundle, { ignore: new Set(["nullable"]), annotateFormats: true, formats: "assert" });
    expect(stripped.input).toEqual({ type: "object", properties: { at: { type: "string" } } });
    expect(stripped.output).toEqual({ type: "string", format: "uuid" });
    expect(stripped.defs).toEqual({ d: { type: "integer" } });
    expect(stripped.files).toBe(bundle.files);
  });

  it("keeps unknown formats unless annotated, and leaves the bundle's own schemas untouched", () => {
    const stripped = withoutIgnored(bundle, { ignore: new Set(), annotateFormats: false, formats: "assert" });
    expect(stripped.input).toEqual({ type: "object", nullable: true, properties: { at: { type: "string", format: "semver" } } });
    expect(bundle.input).toMatchObject({ "x-note": 1 });
  });

  it("strips every format, supported or not, when formats are annotations", () => {
    const stripped = withoutIgnored(bundle, { ignore: new Set(), annotateFormats: false, formats: "annotate" });
    expect(stripped.input).toEqual({ type: "object", nullable: true, properties: { at: { type: "string" } } });
    expect(stripped.output).toEqual({ type: "string" });
  });
});
