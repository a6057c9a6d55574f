import fc, { type Arbitrary } from "fast-check";

/**
 * Random specs aimed at the near-miss families: strings with lengths, patterns and formats, numbers
 * with inclusive and exclusive bounds (integer and not), enums holding case variants of each other,
 * nullable types, closed and explicitly open objects, allOf, anyOf, oneOf and $refs, under both
 * `unknown_members` modes, with and without an envelope, with a bind and a fresh check.
 */

const PATTERNS = ["^[a-z]+$", "^[A-Z][a-z0-9_-]*$", "^v[0-9]{1,3}(\\.[0-9]+)?$", "^(?:ab|cd)+$", "x"];
const FORMATS = ["date-time", "email", "uuid", "uri-reference", "hostname", "ipv4"];

const maybe = <T,>(arb: Arbitrary<T>): Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const defined = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const stringSchema = fc
  .record({ minLength: maybe(fc.integer({ min: 0, max: 3 })), maxLength: maybe(fc.integer({ min: 4, max: 40 })), pattern: maybe(fc.constantFrom(...PATTERNS)), format: maybe(fc.constantFrom(...FORMATS)) })
  .map((s) => defined({ type: "string", ...s }));

const numberSchema = fc
  .record({
    type: fc.constantFrom("integer", "number"),
    minimum: maybe(fc.constantFrom(-5, 0, 0.5, 3)),
    maximum: maybe(fc.constantFrom(10, 99.75, 1000)),
    exclusiveMinimum: maybe(fc.constantFrom(-10, -0.25)),
    exclusiveMaximum: maybe(fc.constantFrom(2000, 1e6)),
  })
  .map(defined);

const enumSchema = fc.constantFrom(["on", "off"], ["a", "A", "b"], ["x ", "x", "Y"], ["ok", 1, null]).map((values) => ({ enum: values }));

const leaf: Arbitrary<object> = fc.oneof(
  stringSchema,
  numberSchema,
  enumSchema,
  fc.constant({ type: "boolean" }),
  fc.constant({ const: "fixed" }),
  stringSchema.map((s) => ({ ...s, type: ["string", "null"] })),
  fc.constant({ $ref: "#/$defs/label" }),
);

const node: Arbitrary<object> = fc.letrec<{ node: object }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .record({ properties: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), tie("node"), { minKeys: 1, maxKeys: 3 }), open: fc.boolean(), nullable: fc.boolean() })
      .map(({ properties, open, nullable }) => ({
        type: nullable ? ["object", "null"] : "object",
        required: Object.keys(properties).slice(0, 2),
        properties,
        ...(open ? { additionalProperties: true } : {}),
      })),
    tie("node").map((items) => ({ type: "array", items, maxItems: 3 })),
    fc.tuple(tie("node"), tie("node")).map(([a, b]) => ({ allOf: [{ type: "object", properties: { p: a }, required: ["p"] }, { type: "object", properties: { q: b } }] })),
    fc.tuple(fc.constantFrom("anyOf", "oneOf"), leaf, leaf).map(([k, a, b]) => ({ [k]: [a, b] })),
  ),
})).node;

export interface MutationSpec {
  readonly body: object;
  readonly envelope: boolean;
  readonly ignore: boolean;
}

export const mutationSpecs: Arbitrary<MutationSpec> = fc.record({ body: node, envelope: fc.boolean(), ignore: fc.boolean() });

/** The spec text of tool `name` around a random body: `id` is bound to the input, `at` must be fresh. */
export const specText = (name: string, { body, envelope, ignore }: MutationSpec): string =>
  JSON.stringify({
    tool: name,
    version: 1,
    description: "Generated for near misses.",
    ...(ignore ? { unknown_members: "ignore" } : {}),
    input: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[a-z]{3,8}$" } } },
    output: {
      type: "object",
      required: ["id", "at", "body"],
      properties: { id: { type: "string", pattern: "^[a-z]{3,8}$" }, at: { type: "string", format: "date-time" }, body },
      $defs: { label: { type: "string", minLength: 1, maxLength: 12 } },
    },
    agent_view: ["id"],
    errors: ["NOT_FOUND"],
    limits: { max_bytes: "4KiB", max_depth: 8 },
    checks: [{ bind: "id" }, { fresh: { field: "at", max_age: "1m", max_future: "5s" } }],
    upstream: { envelope, kind: "http", operation: "get_thing", method: "GET", path: "/things/{id}" },
  });
