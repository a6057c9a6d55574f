import fc, { type Arbitrary } from "fast-check";

/**
 * Payload schemas of the kinds that exhausted the compiler in the wild (issue 12): random nesting,
 * definitions that refer to themselves and each other, wide unions, big enums and long `$ref`
 * chains. Each is a valid 2020-12 schema; whether a spec around it compiles is not the point.
 */

const DEFS = 6;
const ref = (i: number): object => ({ $ref: `#/$defs/d${i}` });

const leaf: Arbitrary<object> = fc.oneof(
  fc.constant({ type: "string", maxLength: 20 }),
  fc.constant({ type: "integer", minimum: 0 }),
  fc.constant({ type: "boolean" }),
  fc.integer({ min: 1, max: 400 }).map((n) => ({ enum: Array.from({ length: n }, (_, i) => `v${i}`) })),
  fc.integer({ min: 0, max: DEFS - 1 }).map(ref),
);

const node: Arbitrary<object> = fc.letrec<{ node: object }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie("node"), { maxKeys: 4 }).map((properties) => ({ type: "object", properties })),
    tie("node").map((items) => ({ type: "array", items, maxItems: 10 })),
    fc.tuple(fc.constantFrom("oneOf", "anyOf"), fc.array(tie("node"), { minLength: 2, maxLength: 12 })).map(([k, branches]) => ({ [k]: branches })),
  ),
})).node;

/** An object schema whose $defs may recurse; d0 → d1 → … is sometimes a chain of pure refs. */
export const schemaZoo: Arbitrary<object> = fc
  .record({ defs: fc.array(node, { minLength: DEFS, maxLength: DEFS }), chain: fc.boolean(), root: node })
  .map(({ defs, chain, root }) => ({
    type: "object",
    properties: { root, first: ref(0) },
    $defs: Object.fromEntries(defs.map((d, i) => [`d${i}`, chain && i < DEFS - 1 ? ref(i + 1) : d])),
  }));
