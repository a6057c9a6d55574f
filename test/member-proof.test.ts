import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leanValidatorModule } from "../packages/compiler/src/emit/lean/module.js";
import { parseStrict, type Validator } from "../packages/runtime/src/index.js";
import { scratchDir } from "./support/project.js";

/**
 * The member count of a generated response validator (emit/lean/countable.ts) may clear a text in
 * place of the strict parse's tree walk (runtime json/fast.ts). Whatever it clears, the parse
 * without it must accept with the same value, and every text it does not clear must get the same
 * outcome as without it. The texts are built from one closed schema's names, so many pass the
 * validator: repeated and escape-spelled names, names holding colons, unknown and forbidden names,
 * numbers on both sides of the safe range, strings that start with a colon, whitespace by a colon.
 */

const RUNS = Number(process.env.TOOLGATE_FUZZ_RUNS ?? 10_000);
const SEED = 20261202;

const closed = (properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const ROOT = {
  type: "object",
  required: ["kind"],
  discriminator: { propertyName: "kind" },
  oneOf: [
    closed(
      {
        kind: { const: "one" },
        a: { type: ["integer", "string"] },
        ":": { type: "string" },
        "a:b": { type: "number" },
        b: closed({ a: { type: "number" }, c: { type: "array", items: { type: ["integer", "null", "boolean"] } } }),
        list: { type: "array", items: { $ref: "#/$defs/item" } },
      },
      ["kind"],
    ),
    // Without `type`, as the envelope's branches are: the tag switch runs it on objects only.
    { properties: { kind: { const: "two" }, a: { type: "string" } }, required: ["kind"], additionalProperties: false },
  ],
};
const DOCUMENT = { $defs: { root: ROOT, item: closed({ a: { type: "string" }, b: { type: "integer" } }) } };

// Values mostly of the member's type, on both sides of the safe range and with colons, plus strays.
const values = (...texts: string[]): fc.Arbitrary<string> => fc.constantFrom(...texts, "null", '"x"', "1");
const INTEGER = values("0", "-0", "9007199254740991", "-9007199254740991", "9007199254740992", "-12345678901234567890", "1e20", "1.5");
const NUMBER = values("1.5", "-0", "1e20", "1e400", "-1e400", "9007199254740992", "2.5e-3");
const STRING = values('":"', '":x"', '"a:b"', '"12:00"', '"\\":"', '"\\u003a"', '"Ж"', '"\\\\"');
const WS = fc.constantFrom("", "", "", " ");

type Members = readonly (readonly [fc.Arbitrary<string>, fc.Arbitrary<string>])[];

/** An object of members drawn from `members` (a name's spellings and its value), repeats and all; `first` opens it. */
const objectOf = (members: Members, first: fc.Arbitrary<string> = fc.constant("")): fc.Arbitrary<string> =>
  fc
    .tuple(first, fc.array(fc.oneof(...members.map(([name, value]) => fc.tuple(name, WS, value))), { maxLength: 5 }))
    .map(([opening, list]) => `{${[opening, ...list.map(([name, ws, value]) => `${name}${ws}:${ws}${value}`)].filter(Boolean).join(",")}}`);
const arrayOf = (item: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.array(item, { maxLength: 4 }).map((items) => `[${items.join(",")}]`);
const names = (...spellings: string[]): fc.Arbitrary<string> => fc.constantFrom(...spellings);
// Rarely a name the schema does not declare: most texts should pass the validator.
const stranger = (): readonly [fc.Arbitrary<string>, fc.Arbitrary<string>] => [
  fc.oneof({ weight: 1, arbitrary: names('"z"', '"__proto__"', '"constructor"') }, { weight: 9, arbitrary: names('"a"') }),
  STRING,
];

const ITEM = objectOf([[names('"a"', '"a"', '"\\u0061"'), STRING], [names('"b"'), INTEGER], stranger()]);
const B = objectOf([[names('"a"'), NUMBER], [names('"c"'), arrayOf(fc.oneof(INTEGER, values("true", "false")))]]);
const KIND = fc.tuple(names('"kind"', '"kind"', '"kind"', '"\\u006bind"'), names('"one"', '"one"', '"one"', '"two"')).map(([n, v]) => `${n}:${v}`);
const TEXT = objectOf(
  [
    [names('"a"', '"a"', '"\\u0061"'), fc.oneof(INTEGER, STRING)],
    [names('":"'), STRING],
    [names('"a:b"'), NUMBER],
    [names('"b"'), B],
    [names('"list"'), arrayOf(ITEM)],
    [names('"kind"'), names('"one"', '"two"')],
    stranger(),
  ],
  KIND,
);

let validate: Validator;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const scratch = await scratchDir("member-proof");
  dispose = scratch.dispose;
  const source = leanValidatorModule(DOCUMENT, { validate: "/$defs/root" }, undefined, new Set(["validate"]));
  if (typeof source !== "string") throw source;
  const path = join(scratch.dir, "validate.ts");
  await writeFile(path, source, "utf8");
  ({ validate } = (await import(path)) as { validate: Validator });
});

afterAll(() => dispose());

describe("a response validator's member count", () => {
  it("is emitted for the closed schema, bounded by its nesting", () => {
    expect(validate.proof?.depth).toBe(3);
  });

  it("counts every member of the data it accepts, and spoils the count on an unsafe number", () => {
    const count = validate.proof!.count;
    expect(count({ kind: "one", a: 1, b: { a: 2, c: [1, null] }, list: [{ a: "x", b: 3 }, {}] })).toBe(8);
    expect(count({ kind: "two", a: "x" })).toBe(2);
    expect(count({ kind: "one", b: { a: 2 ** 60 } })).toBeNaN();
    expect(count({ kind: "one", z: 1 })).toBe(-1);
  });

  it("clears only what the parse without it accepts, and changes no other outcome", () => {
    const cleared = { proof: 0, accepted: 0 };
    fc.assert(
      fc.property(TEXT, fc.constantFrom(4, 2), (text, maxDepth) => {
        const limits = { maxBytes: 1 << 20, maxDepth };
        const plain = parseStrict(text, limits);
        const proven = parseStrict(text, limits, validate.proof);
        if (proven.ok && proven.validated === true) {
          cleared.proof++;
          expect(maxDepth).toBeGreaterThanOrEqual(3);
          expect(validate(proven.value)).toBe(true);
        }
        if (plain.ok) cleared.accepted++;
        const { validated: _validated, ...outcome } = proven as typeof proven & { validated?: true };
        expect(outcome).toEqual(plain);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The texts must reach the proof often enough to test it.
    expect(cleared.proof).toBeGreaterThan(RUNS / 50);
    expect(cleared.accepted).toBeGreaterThan(cleared.proof);
  });
});

describe("a counted root beside a root that does not count", () => {
  const OTHER = closed({ x: { type: "string" }, item: { $ref: "#/$defs/item" }, deep: closed({ y: { type: "number" } }) });
  const document = { $defs: { ...DOCUMENT.$defs, other: OTHER } };
  const counting = (source: string): number => source.split("members++").length - 1;
  // Listed first, the other root would compile the shared `item` before the counted root reaches it.
  const both = leanValidatorModule(document, { other: "/$defs/other", validate: "/$defs/root" }, undefined, new Set(["validate"]));
  const alone = leanValidatorModule(document, { validate: "/$defs/root" }, undefined, new Set(["validate"]));

  it("counts the members of a definition both roots share", async () => {
    if (typeof both !== "string") throw both;
    const scratch = await scratchDir("member-proof-roots");
    try {
      const path = join(scratch.dir, "validate.ts");
      await writeFile(path, both, "utf8");
      const loaded = (await import(path)) as { other: Validator; validate: Validator };
      expect(loaded.other.proof).toBeUndefined();
      expect(loaded.validate.proof!.count({ kind: "one", list: [{ a: "x", b: 3 }, { b: 1 }] })).toBe(5);
      expect(loaded.other({ x: "a", item: { a: "b" }, deep: { y: 1 } })).toBe(true);
    } finally {
      await scratch.dispose();
    }
  });

  it("adds no counting to the other root's own objects", () => {
    if (typeof both !== "string" || typeof alone !== "string") throw new Error("not emitted");
    expect(counting(both)).toBe(counting(alone));
    expect(counting(alone)).toBeGreaterThan(0);
  });
});
