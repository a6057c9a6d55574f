import { describe, expect, it } from "vitest";
import type { Validator, ValidatorError } from "../validate/support.js";
import { issuesOf } from "./issues.js";

function failedWith(errors: ValidatorError[], truncated = 0): Validator {
  const validate: Validator = () => false;
  validate.errors = errors;
  validate.truncated = truncated;
  return validate;
}

describe("issuesOf", () => {
  it("keeps the actionable schema params and drops every other param, such as Ajv's that echo data", () => {
    const { issues } = issuesOf(
      failedWith([
        { instancePath: "/a", schemaPath: "#/properties/a/maxLength", keyword: "maxLength", params: { limit: 5, comparison: "<=" } },
        { instancePath: "/t", schemaPath: "#/properties/t/discriminator", keyword: "discriminator", params: { error: "mapping", tag: "kind", tagValue: "sk_live_x" } },
        { instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: ["object", "null"] } },
      ]),
    );
    expect(issues).toEqual([
      { instancePath: "/a", schemaPath: "#/properties/a/maxLength", keyword: "maxLength", params: { limit: 5 } },
      { instancePath: "/t", schemaPath: "#/properties/t/discriminator", keyword: "discriminator" },
      { instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: "object,null" } },
    ]);
  });

  it("escapes controls, separators, bidi overrides and lone surrogates in member names and paths, and cuts them to 64", () => {
    const name = "a\nb\u2028c\u202ed\ud800e";
    const long = "x".repeat(100);
    const { issues } = issuesOf(
      failedWith([
        { instancePath: `/${name}`, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: name } },
        { instancePath: "", schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: long } },
      ]),
    );
    const shown = "a\\u{a}b\\u{2028}c\\u{202e}d\\u{d800}e";
    expect(issues[0]).toEqual({ instancePath: `/${shown}`, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: shown } });
    expect(issues[1]!.params!.additionalProperty).toBe(`${"x".repeat(63)}…`);
    expect(JSON.stringify(issues)).not.toMatch(/[\n\u2028\u202e]/);
  });

  it("keeps at most 16 issues and counts the rest, with what the validator already left out", () => {
    const errors = Array.from({ length: 20 }, (_, i): ValidatorError => ({ instancePath: `/${i}`, schemaPath: "#/items/type", keyword: "type" }));
    const { issues, truncated } = issuesOf(failedWith(errors, 3));
    expect(issues).toHaveLength(16);
    expect(truncated).toBe(7);
  });
});
