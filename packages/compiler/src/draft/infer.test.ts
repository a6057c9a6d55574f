import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { headroom, inferSchema } from "./infer.js";
import { draftSampleSpec } from "./sample-spec.js";

describe("headroom", () => {
  it("is the next power of two at or above twice the longest sample, at least 8", () => {
    expect([0, 1, 4, 5, 17, 64, 65].map(headroom)).toEqual([8, 8, 8, 16, 64, 128, 256]);
  });
});

describe("inferSchema", () => {
  it("writes a type list where samples disagree, and number once any number is fractional", () => {
    expect(inferSchema([1, 2.5, null])).toEqual({ type: ["number", "null"] });
    expect(inferSchema([1, 2])).toEqual({ type: "integer" });
    expect(inferSchema(["ab", 3])).toEqual({ type: ["string", "integer"], maxLength: 8 });
  });

  it("requires only the members present in every sample, and infers no enum", () => {
    expect(inferSchema([{ a: "x", b: 1 }, { a: "y" }])).toEqual({
      type: "object",
      required: ["a"],
      properties: { a: { type: "string", maxLength: 8 }, b: { type: "integer" } },
    });
  });

  it("marks date-time only when every sample is strict RFC 3339", () => {
    expect(inferSchema(["2026-12-01T10:00:00Z", "2026-12-01T10:00:00.5+01:00"])).toMatchObject({ format: "date-time" });
    expect(inferSchema(["2026-12-01T10:00:00Z", "2026-02-30T10:00:00Z"])).not.toHaveProperty("format");
    expect(inferSchema(["2026-12-01 10:00:00Z"])).not.toHaveProperty("format");
  });

  it("bounds arrays by their longest sample, and leaves an always-empty array at maxItems 0", () => {
    expect(inferSchema([[1, 2, 3, 4, 5], []])).toEqual({ type: "array", maxItems: 16, items: { type: "integer" } });
    expect(inferSchema([[], []])).toEqual({ type: "array", maxItems: 0 });
  });

  it("keeps a __proto__ member as a property of its own", () => {
    const schema = inferSchema([JSON.parse('{"__proto__": "x"}')]);
    expect(Object.keys(schema.properties as object)).toEqual(["__proto__"]);
  });
});

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
(addFormats as unknown as (a: Ajv2020, formats: string[]) => void)(ajv, ["date-time"]);

const dateTime = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
// Small values, many runs: the shapes matter here, not the sizes.
const leaf = fc.oneof(fc.string({ unit: "binary", maxLength: 12 }), dateTime, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 4 })),
})).value;

describe("the drafted spec, for any JSON samples", () => {
  it("is YAML whose output schema accepts every sample (Ajv 2020 as referee)", () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 4 }), fc.option(fc.array(json, { minLength: 1, maxLength: 3 }), { nil: undefined }), (samples, inputs) => {
        // JSON round trip: the samples as the CLI's parser would hand them over (-0 becomes 0).
        const values = samples.map((s) => JSON.parse(JSON.stringify(s)) as unknown);
        const text = draftSampleSpec({ tool: "t", responses: values.map((value, i) => ({ name: `${i}.json`, value, bytes: 10 })), ...(inputs ? { inputs } : {}), specsDir: "specs" });
        const spec = parse(text) as { output: object; input: unknown };
        const validate = ajv.compile(spec.output);
        for (const value of values) expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("inferSchema on extreme samples", () => {
  it("leaves nesting beyond its depth as {} and still accepts the sample", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(ajv.validate(inferSchema([deep]), deep)).toBe(true);
  });

  it("takes an array of 200,000 items without overflowing the stack", () => {
    const long = Array.from({ length: 200_000 }, (_, i) => i);
    expect(inferSchema([long])).toEqual({ type: "array", maxItems: 524288, items: { type: "integer" } });
  });
});
