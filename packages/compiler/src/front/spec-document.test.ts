import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { FAILURE_ENVELOPE_SCHEMA, type CallerAction, type RetryClass } from "@toolgate/runtime";
import { toolSpecSchema } from "@toolgate/spec";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { RawCustomError, RawSpec } from "./spec.js";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));

describe("the compiler's spec type comes from the spec format's schema", () => {
  it("spec-document.ts is what scripts/spec-types.mjs generates from toolspec.schema.json", () => {
    const run = spawnSync(process.execPath, ["scripts/spec-types.mjs", "--check"], { cwd: repo, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  // Checked by `tsc -p tsconfig.test.json` (npm test): the schema and the runtime name the same values.
  it("the schema's caller actions and retry classes are the runtime's types", () => {
    expectTypeOf<RawCustomError["action"]>().toEqualTypeOf<CallerAction>();
    expectTypeOf<NonNullable<RawSpec["retry"]>["class"]>().toEqualTypeOf<RetryClass>();
  });

  it("a custom error may take exactly the actions the runtime's failure envelope allows", () => {
    const definitions = toolSpecSchema.definitions as { customError: { properties: { action: { enum: string[] } } } };
    const specActions = definitions.customError.properties.action.enum;
    expect([...specActions].sort()).toEqual([...FAILURE_ENVELOPE_SCHEMA.properties.error.properties.action.enum].sort());
  });
});
