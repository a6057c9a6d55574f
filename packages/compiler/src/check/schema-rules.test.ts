import { describe, expect, it } from "vitest";
import { NO_VOCABULARY } from "../schema/keywords.js";
import { atPointer, findings } from "../../../../test/support/compiler-findings.js";
import { checkSchemaRules } from "./schema-rules.js";

const check = (schema: unknown, vocabulary = NO_VOCABULARY) => findings((sink) => checkSchemaRules(schema, "/input", atPointer, sink, vocabulary));
const codes = (schema: unknown) => check(schema).map((d) => d.split(" ").slice(0, 2).join(" "));

describe("checkSchemaRules", () => {
  it("accepts known keywords, supported formats, plain names and patterns, x- extensions", () => {
    expect(check({ type: "object", "x-doc": 1, properties: { at: { type: "string", format: "date-time", pattern: "^[a-z]+$" } } })).toEqual([]);
  });

  it("TG218 for an unknown keyword, with a suggestion when one is close", () => {
    expect(check({ maxLenght: 3 })).toEqual(['TG218 /input/maxLenght unknown keyword "maxLenght" (did you mean "maxLength"?)']);
    expect(check({ frobnicate: 1 })).toEqual(['TG218 /input/frobnicate unknown keyword "frobnicate"']);
    expect(check({ frobnicate: 1 }, { ignore: new Set(["frobnicate"]), annotateFormats: false, formats: "assert" })).toEqual([]);
  });

  it("knows the vendor annotation vocabularies, but not a vendor keyword that validates", () => {
    const vendor = {
      tsType: "string", tsEnumNames: ["A"], tsAdditionalProperties: false, "meta:enum": { a: "A" }, defaultSnippets: [],
      markdownEnumDescriptions: [], errorMessage: "m", patternErrorMessage: "m", doNotSuggest: true, suggestSortText: "a",
      allowComments: true, allowTrailingCommas: true, enumDescriptions: [], markdownDescription: "m", deprecationMessage: "m",
    };
    expect(check({ type: "string", ...vendor })).toEqual([]);
    // ajv-keywords: these validate, so ignoring them would accept what the author meant to refuse.
    expect(codes({ uniqueItemProperties: ["id"], instanceof: "Date" })).toEqual(["TG218 /input/uniqueItemProperties", "TG218 /input/instanceof"]);
    expect(check({ tsType: "string", patern: "^a" })).toEqual(['TG218 /input/patern unknown keyword "patern" (did you mean "pattern"?)']);
  });

  it("TG211 for dynamic-scope keywords", () => {
    expect(codes({ $dynamicRef: "#meta" })).toEqual(["TG211 /input/$dynamicRef"]);
  });

  it("TG215 for hasOwnProperty only, at the property or else at required", () => {
    expect(codes({ properties: { hasOwnProperty: { type: "string" } } })).toEqual(["TG215 /input/properties/hasOwnProperty"]);
    expect(codes({ required: ["hasOwnProperty"] })).toEqual(["TG215 /input/required"]);
    // JSON.parse: a `__proto__` key in a literal would set the prototype instead.
    expect(codes(JSON.parse('{"properties": {"constructor": {"type": "string"}, "__proto__": {"type": "string"}}, "required": ["toString"]}'))).toEqual([]);
  });

  it("TG216 for an unsupported format, TG251 when annotated", () => {
    expect(check({ format: "semver" })).toEqual(['TG216 /input/format format "semver" is not supported']);
    expect(codes({ properties: { v: { format: "semver" } } })).toEqual(["TG216 /input/properties/v/format"]);
    expect(check({ format: "semver" }, { ignore: new Set(), annotateFormats: true, formats: "assert" }).map((d) => d.split(" ")[0])).toEqual(["TG251"]);
    expect(check({ format: "semver" }, { ignore: new Set(), annotateFormats: false, formats: "annotate" })).toEqual([]);
  });

  it("TG214 for an invalid pattern, TG213 for a catastrophic one, also as a patternProperties key", () => {
    expect(codes({ pattern: "(" })).toEqual(["TG214 /input/pattern"]);
    expect(codes({ patternProperties: { "^(a+)+$": {} } })).toEqual(["TG213 /input/patternProperties"]);
  });

  it("runs the keyword-pair rules on every node", () => {
    expect(codes({ properties: { n: { minimum: 3, maximum: 1 } } })).toEqual(["TG220 /input/properties/n/minimum"]);
  });
});
