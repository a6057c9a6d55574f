import { describe, expect, it } from "vitest";
import { OPENAI_STRICT_LIMITS, limitProblems } from "./dialect/openai-limits.js";
import { openaiParameters } from "./dialect/openai-strict.js";
import { portable } from "./dialect/portable.js";
import { toolSchemas } from "./tool-file.js";
import { compileProbe, INPUT_LINE, probeSpec, summary } from "../../../../../test/support/definitions.js";

/* OpenAI strict mode: the lossless transformation, and the fallback to strict: false with TG503. */

const strictOf = async (input: string) => openaiParameters(toolSchemas((await compileProbe(probeSpec(input))).tool).input);

describe("OpenAI strict transformation", () => {
  it("makes every property required and the optional ones nullable, at every level and through $defs", async () => {
    const plan = await strictOf(`  type: object
  required: [host]
  properties:
    host: { enum: [a, b] }
    mount: { type: string, pattern: "^/" }
    level: { enum: [1, 2] }
    window: { $ref: "#/$defs/window" }
    tags: { type: array, items: { type: object, properties: { note: { type: boolean } } } }
  $defs:
    window:
      type: object
      required: [from]
      properties:
        from: { type: string, format: date-time }
        to: { type: string, format: date-time }`);
    expect(plan.problems).toEqual([]);
    expect(plan.strict).toBe(true);
    expect(plan.parameters).toStrictEqual({
      type: "object",
      required: ["host", "mount", "level", "window", "tags"],
      properties: {
        host: { enum: ["a", "b"] },
        mount: { type: ["string", "null"], pattern: "^/" },
        level: { anyOf: [{ enum: [1, 2] }, { type: "null" }] },
        window: { anyOf: [{ $ref: "#/$defs/window" }, { type: "null" }] },
        tags: {
          anyOf: [
            { type: "array", items: { type: "object", properties: { note: { type: ["boolean", "null"] } }, additionalProperties: false, required: ["note"] } },
            { type: "null" },
          ],
        },
      },
      additionalProperties: false,
      $defs: {
        window: {
          type: "object",
          required: ["from", "to"],
          properties: { from: { type: "string", format: "date-time" }, to: { type: ["string", "null"], format: "date-time" } },
          additionalProperties: false,
        },
      },
    });
    expect(plan.optional).toStrictEqual({
      optional: ["mount", "level", "window", "tags"],
      properties: { window: { optional: ["to"] }, tags: { items: { optional: ["note"] } } },
    });
  });

  it("stays strict by restating what strict mode cannot take (bounds, formats, defaults) in the description", async () => {
    const plan = await strictOf(`  type: object
  required: [a]
  properties:
    a: { type: string, minLength: 2, maxLength: 9, format: uri, description: "An address." }
    n: { type: integer, minimum: 1, default: 5, examples: [3] }
    p: { type: string, pattern: "^(?!x)", format: date-time }`);
    expect(plan.problems).toEqual([]);
    expect(plan.parameters.properties).toStrictEqual({
      a: { type: "string", description: "An address. Constraints: minLength 2; maxLength 9; format uri." },
      n: { type: ["integer", "null"], minimum: 1, description: "Default: 5." },
      p: { type: ["string", "null"], format: "date-time", description: "Constraints: pattern ^(?!x)." },
    });
  });

  it("restates a format only toolgate asserts (uri-template, regex) in the description, and keeps duration", async () => {
    const plan = await strictOf(`  type: object
  required: [t, r, d]
  properties:
    t: { type: string, format: uri-template }
    r: { type: string, format: regex }
    d: { type: string, format: duration }`);
    expect(plan.problems).toEqual([]);
    expect(plan.parameters.properties).toStrictEqual({
      t: { type: "string", description: "Constraints: format uri-template." },
      r: { type: "string", description: "Constraints: format regex." },
      d: { type: "string", format: "duration" },
    });
  });

  it("merges an allOf of plain objects instead of giving up strict mode", async () => {
    const probe = await compileProbe(probeSpec(`  type: object
  allOf:
    - { type: object, required: [a], properties: { a: { type: string } } }
    - { type: object, required: [b], properties: { b: { type: integer } } }`));
    expect(summary(probe.diagnostics, ["TG503"])).toEqual([]);
    expect(toolSchemas(probe.tool).input.schema).toStrictEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a", "b"],
      additionalProperties: false,
    });
  });
});

describe("OpenAI strict fallback", () => {
  const cases: [string, string, [number, string][]][] = [
    ["not", "    a: { not: { const: x } }", [[10, "keyword not is not supported"]]],
    ["if/then", "    a: { if: { type: string }, then: { type: string } }", [[10, "keyword if is not supported"], [32, "keyword then is not supported"]]],
    ["oneOf", "    a: { oneOf: [{ type: string }, { type: integer }] }", [[10, "keyword oneOf is not supported"]]],
    ["dependentRequired", "    a: { type: object, dependentRequired: { x: [y] }, additionalProperties: false }", [[24, "keyword dependentRequired is not supported"]]],
    ["open object", "    a: { type: object, additionalProperties: true }", [[24, "every object must be closed with additionalProperties: false"]]],
  ];
  for (const [name, line, expected] of cases) {
    it(`keeps the schema and turns strict off for ${name}, naming the keyword and its line`, async () => {
      const probe = await compileProbe(probeSpec(`  type: object\n  required: [a]\n  properties:\n${line}`));
      expect(summary(probe.diagnostics, ["TG503"]).filter((d) => d.includes("OpenAI"))).toEqual(
        expected.map(([column, detail]) => `TG503 ${INPUT_LINE + 3}:${column} OpenAI strict mode: ${detail}; the tool is emitted with strict: false`),
      );
      expect(probe.definitions.match(/strict: false/g)?.length).toBeGreaterThanOrEqual(2);
      expect(probe.definitions).toContain("parameters: inputSchema");
    });
  }

  it("turns strict off when an optional property already accepts null (null could not mean absent)", async () => {
    const probe = await compileProbe(probeSpec('  type: object\n  properties:\n    a: { type: [string, "null"] }'));
    expect(summary(probe.diagnostics, ["TG503"])).toEqual([
      `TG503 ${INPUT_LINE + 2}:5 OpenAI strict mode: optional property a also accepts null, so null cannot stand for "absent"; the tool is emitted with strict: false`,
    ]);
  });

  it("turns strict off for optional properties under anyOf, whose nulls could not be located", async () => {
    // The object alternative is closed explicitly, so only its optional property stands in the way.
    const member = "{ type: object, additionalProperties: false, properties: { x: { type: string } } }";
    const plan = await strictOf(`  type: object\n  required: [a]\n  properties:\n    a: { anyOf: [${member}, { type: string }] }`);
    expect(plan.strict).toBe(false);
    expect(plan.problems.map((p) => p.detail)).toEqual(["optional properties under anyOf cannot be restored after strict mode"]);
  });
});

describe("OpenAI strict limits", () => {
  const limitsOf = (schema: Record<string, unknown>) => limitProblems(portable(schema, "/input", {})).map((p) => p.detail);
  const nest = (levels: number): Record<string, unknown> =>
    levels === 0 ? { type: "string" } : { type: "object", properties: { x: nest(levels - 1) }, required: ["x"], additionalProperties: false };

  it("accepts the limits and reports one past each", () => {
    const L = OPENAI_STRICT_LIMITS;
    expect(limitsOf(nest(L.nesting))).toEqual([]);
    expect(limitsOf(nest(L.nesting + 1))).toEqual(["11 levels of object nesting exceed the limit of 10"]);
    const props = (n: number) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])) });
    expect(limitsOf(props(L.properties))).toEqual([]);
    expect(limitsOf(props(L.properties + 1))).toEqual(["5001 object properties exceed the limit of 5000"]);
    const numbers = (n: number) => ({ type: "object", properties: { e: { enum: Array.from({ length: n }, (_, i) => i) } } });
    expect(limitsOf(numbers(L.enumValues))).toEqual([]);
    expect(limitsOf(numbers(L.enumValues + 1))).toEqual(["1001 enum values exceed the limit of 1000"]);
  });

  it("bounds a large string enum's characters and the total string budget", () => {
    const words = (n: number, length: number) => Array.from({ length: n }, (_, i) => String(i).padStart(length, "w"));
    const large = { type: "object", properties: { e: { enum: words(251, 60) } } };
    expect(limitsOf(large)).toEqual(["a string enum with more than 250 values has 15060 characters, more than 15000"]);
    const budget = { type: "object", properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, { enum: words(5, 240) }])) };
    expect(limitsOf(budget)).toEqual(["120290 characters of names, enum values and consts exceed the limit of 120000"]);
  });
});
