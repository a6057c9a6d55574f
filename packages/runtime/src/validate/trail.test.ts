import { describe, expect, it } from "vitest";
import { toValidator, type Collector, type ValidatorIssueRow } from "./trail.js";

/** A check of "a string at /name", with its collecting twin, as a generated module spells them. */
const check = (d: any): boolean => typeof d?.name === "string";
const collect = (d: any, c: Collector): void => {
  if (typeof d?.name !== "string") c.add(0, "name");
};

describe("toValidator", () => {
  it("builds the issue table only on the first failure, and once", () => {
    let built = 0;
    const issues = (): readonly ValidatorIssueRow[] => {
      built++;
      return [["#/properties/name/type", "type", { type: "string" }]];
    };
    const validate = toValidator(check, collect, issues);
    expect(validate({ name: "x" })).toBe(true);
    expect(built).toBe(0);
    expect(validate({ name: 1 })).toBe(false);
    expect(validate({})).toBe(false);
    expect(built).toBe(1);
    expect(validate.errors).toEqual([{ instancePath: "/name", schemaPath: "#/properties/name/type", keyword: "type", params: { type: "string" } }]);
  });

  it("never runs the collecting twin on a success, and clears the last failure", () => {
    let collected = 0;
    const validate = toValidator(check, (d, c) => (collected++, collect(d, c)), () => [["#", "type"]]);
    expect(validate({ name: 1 })).toBe(false);
    expect(validate({ name: "x" })).toBe(true);
    expect(collected).toBe(1);
    expect(validate.errors).toBeNull();
    expect(validate.truncated).toBe(0);
  });
});
