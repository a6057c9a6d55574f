import { describe, expect, it } from "vitest";
import type { Validator, ValidatorError } from "../validate/support.js";
import { invalidFields } from "./input.js";

function failedWith(errors: ValidatorError[]): Validator {
  const validate: Validator = () => false;
  validate.errors = errors;
  return validate;
}

describe("invalidFields", () => {
  it("names a field whose value failed and a required field that is missing", () => {
    const validate = failedWith([
      { instancePath: "/change_id", schemaPath: "#/pattern", keyword: "pattern", params: { pattern: "^CR-[0-9]+$" } },
      { instancePath: "", schemaPath: "#/required", keyword: "required", params: { missingProperty: "mount" } },
    ]);
    expect(invalidFields(validate)).toEqual(["change_id", "mount"]);
  });

  it("never names an unknown argument: its name is caller input and may be a secret", () => {
    const validate = failedWith([
      {
        instancePath: "",
        schemaPath: "#/additionalProperties",
        keyword: "additionalProperties",
        params: { additionalProperty: "tg_canary_5fQ2xR9LwZ" },
      },
    ]);
    expect(invalidFields(validate)).toEqual([]);
  });
});
