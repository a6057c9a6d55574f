import { describe, expect, it } from "vitest";
import type { RawSpec } from "../front/spec.js";
import type { BundledTool } from "../load/bundle.js";
import { atPointer, findings, positions, yamlDocument } from "../test-support/findings.js";
import { checkVocabulary, vocabularyOf, withoutIgnored } from "./vocabulary.js";

const spec = (vocabulary: unknown) => ({ tool: "t1", vocabulary }) as unknown as RawSpec;

describe("vocabularyOf", () => {
  it("reads ignore and unknown_formats, defaulting to nothing", () => {
    expect(vocabularyOf(spec({ ignore: ["nullable"], unknown_formats: "annotate" }))).toEqual({ ignore: new Set(["nullable"]), annotateFormats: true });
    expect(vocabularyOf(spec(undefined))).toEqual({ ignore: new Set(), annotateFormats: false });
  });
});

describe("checkVocabulary", () => {
  it("accepts ignoring keywords toolgate does not know", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["nullable", "x-foo"] }), atPointer, sink))).toEqual([]);
  });

  it("TG252 at each ignored keyword toolgate asserts", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["nullable", "maxLength", "required"] }), atPointer, sink))).toEqual([
      'TG252 /vocabulary/ignore/1 vocabulary.ignore lists "maxLength", which toolgate asserts',
      'TG252 /vocabulary/ignore/2 vocabulary.ignore lists "required", which toolgate asserts',
    ]);
  });

  // Suspected bug: the check tests KNOWN_KEYWORDS (annotations included), so ignoring an annotation
  // such as `title` is TG252 "which toolgate asserts", although title asserts nothing and TG252's own
  // hint says annotation keywords can be ignored. Fails today; passes once only assertions are refused.
  it.fails("does not report an ignored annotation keyword as asserted", () => {
    expect(findings((sink) => checkVocabulary(spec({ ignore: ["title"] }), atPointer, sink))).toEqual([]);
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
    const stripped = withoutIgnored(bundle, { ignore: new Set(["nullable"]), annotateFormats: true });
    expect(stripped.input).toEqual({ type: "object", properties: { at: { type: "string" } } });
    expect(stripped.output).toEqual({ type: "string", format: "uuid" });
    expect(stripped.defs).toEqual({ d: { type: "integer" } });
    expect(stripped.files).toBe(bundle.files);
  });

  it("keeps unknown formats unless annotated, and leaves the bundle's own schemas untouched", () => {
    const stripped = withoutIgnored(bundle, { ignore: new Set(), annotateFormats: false });
    expect(stripped.input).toEqual({ type: "object", nullable: true, properties: { at: { type: "string", format: "semver" } } });
    expect(bundle.input).toMatchObject({ "x-note": 1 });
  });
});
