import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../../packages/compiler/src/diagnostics/sink.js";
import { leanValidatorModule } from "../../packages/compiler/src/emit/lean/module.js";
import { resolvePointer } from "../../packages/compiler/src/load/pointer.js";
import { closeObjects } from "../../packages/compiler/src/normalize/close-objects.js";
import { isSchemaObject } from "../../packages/compiler/src/schema/walk.js";
import { referenceClosed } from "../support/closing-reference.js";
import { generateProject, type GeneratedProject } from "../support/generated-project.js";
import { scratchDir } from "../support/project.js";
import { AJV_WRONG, loadRequiredSuite, outOfScope, type SuiteGroup } from "../support/schema-suite.js";

/**
 * Issue 10 §2: closed-by-default never changes what a composed schema accepts. The closing rule
 * (normalize/close-objects.ts) plus the generated validator must agree with the rule's reference
 * (support/closing-reference.ts, run by Ajv 2020): on the JSON-Schema-Test-Suite, on random composed
 * schemas, and, end to end, on the compositions that the old rule broke.
 */

type Validate = (data: unknown) => boolean;
const NOWHERE = () => ({ file: "", line: 0, column: 0 });

let scratch: { dir: string; dispose: () => Promise<void> };
let modules = 0;

// The reference runs on Ajv, which answers the AJV_WRONG groups wrongly even unclosed: they cannot referee.
/** The schema closed by the compiler's rule and compiled by the boolean emitter, as `gen` does. */
async function closedValidator(schema: unknown): Promise<Validate | undefined> {
  const resolve = (ref: string): unknown => (ref.startsWith("#") ? resolvePointer(schema, decodeURIComponent(ref.slice(1)))?.value : undefined);
  const closed = closeObjects(schema, "", true, { resolve, locate: NOWHERE, sink: new DiagnosticCollector() });
  const source = leanValidatorModule(isSchemaObject(closed) ? closed : closed === true ? {} : { not: {} }, { validate: "" });
  if (typeof source !== "string") return undefined;
  const path = join(scratch.dir, `closed-${++modules}.ts`);
  await writeFile(path, source, "utf8");
  return ((await import(path)) as { validate: Validate }).validate;
}

const referenceValidator = (schema: unknown): Validate => {
  const closed = referenceClosed(schema);
  // One Ajv per schema: suite schemas reuse $id values. Own members only, as JSON Schema reads an
  // instance: `{}` has no member "constructor" (required.json's Object.prototype names).
  return new Ajv2020({ strict: false, validateFormats: false, ownProperties: true }).compile(isSchemaObject(closed) ? closed : closed === true ? {} : { not: {} }) as Validate;
};

beforeAll(async () => {
  scratch = await scratchDir("closing-rule");
});
afterAll(() => scratch.dispose());

describe("the JSON-Schema-Test-Suite through the closing rule", () => {
  let groups: SuiteGroup[];
  const disagreements: string[] = [];
  const kept: string[] = [];
  let compared = 0;

  beforeAll(async () => {
    groups = (await loadRequiredSuite()).filter((g) => outOfScope(g) === undefined && !AJV_WRONG.includes(g.key));
    for (const group of groups) {
      const closed = await closedValidator(group.schema);
      const reference = referenceValidator(group.schema);
      for (const t of group.tests) {
        compared++;
        const key = `${group.key} › ${t.description}`;
        if (t.valid && reference(t.data)) kept.push(key);
        if (closed?.(t.data) !== reference(t.data)) disagreements.push(key);
      }
    }
  }, 300_000);

  it("accepts exactly what the reference accepts, on every test of every in-scope group", () => {
    expect(disagreements).toEqual([]);
    expect([groups.length, compared]).toEqual([284, 972]);
  });

  it("accepts every valid instance whose objects carry only declared members", () => {
    // The same comparison, stated the way: a valid instance the reference keeps must pass.
    expect(kept).toHaveLength(491);
    expect(kept.filter((k) => disagreements.includes(k))).toEqual([]);
  });
});

/** Random in-place compositions over object members with properties from a small pool. */
const NAMES = ["a", "b", "c"] as const;
const scalar = fc.constantFrom({ type: "string" }, { type: "integer" }, { const: "x" }, {});
const plain = fc.record({
  type: fc.constant("object"),
  properties: fc.dictionary(fc.constantFrom(...NAMES), scalar, { maxKeys: 2 }),
  required: fc.subarray([...NAMES], { maxLength: 1 }),
}, { requiredKeys: ["properties"] });
const composed: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    plain,
    fc.record({ allOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }), properties: fc.dictionary(fc.constantFrom(...NAMES), scalar, { maxKeys: 1 }) }),
    // Ajv 8.20 (the referee) mistracks the properties an `if` evaluates (counted when it fails,
    // missed when it passes with then: {}), so `if` only tests presence here; then/else compose freely.
    fc.record({ if: fc.record({ required: fc.subarray([...NAMES], { minLength: 1, maxLength: 2 }) }), then: tie("node"), else: tie("node") }, { requiredKeys: ["if", "then"] }),
    fc.record({ $ref: fc.constant("#/$defs/shared") }),
    fc.record({ not: plain }),
  ),
})).node;
const schemaArbitrary = fc.record({ root: composed, shared: plain, nested: fc.boolean() }).map(({ root, shared, nested }) => ({
  // Nested: the composition also sits one instance down, under properties.inner.
  ...(nested ? { type: "object", properties: { inner: root, a: { type: "string" } } } : root),
  $defs: { shared },
}));
const member = fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.constant("x"));
const flat = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), member, { maxKeys: 4 });
const instance = fc.oneof(flat, fc.record({ inner: flat, a: fc.string({ maxLength: 1 }) }, { requiredKeys: [] }), fc.constant({}));

describe("random composed schemas", () => {
  it("the closed validator accepts an instance iff the reference does", async () => {
    await fc.assert(
      fc.asyncProperty(schemaArbitrary, fc.array(instance, { minLength: 8, maxLength: 8 }), async (schema, instances) => {
        const closed = await closedValidator(schema);
        expect(closed).toBeDefined();
        const reference = referenceValidator(schema);
        for (const data of instances) expect([data, closed!(data)]).toEqual([data, reference(data)]);
      }),
      { numRuns: 150, seed: 10_2 },
    );
  }, 120_000);
});

/** The compositions issue 10 names, end to end through gen and the generated adapter. */
const COMPOSITIONS: Record<string, [output: string, valid: Record<string, unknown>, view?: string[]]> = {
  "allOf with a $ref member and a sibling member": [
    "  allOf:\n    - $ref: '#/$defs/base'\n    - { type: object, properties: { extra: { type: string } } }\n  $defs:\n    base: { type: object, required: [id], properties: { id: { type: string } } }",
    { id: "x", extra: "y" },
  ],
  "allOf of if/then members": [
    "  type: object\n  required: [kind]\n  properties: { kind: { enum: [a, b] }, x: { type: string }, y: { type: string } }\n  allOf:\n    - { if: { properties: { kind: { const: a } } }, then: { required: [x] } }\n    - { if: { properties: { kind: { const: b } } }, then: { required: [y] } }",
    { kind: "a", x: "1" },
  ],
  "anyOf with members declaring different properties": [
    "  type: object\n  properties: { id: { type: string } }\n  anyOf:\n    - { properties: { x: { type: string } }, required: [x] }\n    - { properties: { y: { type: string } }, required: [y] }",
    { id: "1", y: "2" },
    ["id"],
  ],
  "oneOf with sibling properties": [
    "  type: object\n  properties: { id: { type: string } }\n  oneOf:\n    - { properties: { x: { type: string } }, required: [x] }\n    - { properties: { y: { type: integer } }, required: [y] }",
    { id: "1", x: "2" },
    ["id"],
  ],
  "a sibling $ref": [
    "  $ref: '#/$defs/base'\n  properties: { extra: { type: string } }\n  $defs:\n    base: { type: object, required: [id], properties: { id: { type: string } } }",
    { id: "x", extra: "y" },
  ],
  "if with a $ref": [
    "  type: object\n  properties: { id: { type: string } }\n  if: { $ref: '#/$defs/flagged' }\n  then: { required: [id] }\n  $defs:\n    flagged: { properties: { flag: { const: true } }, required: [flag] }",
    { id: "x", flag: true },
    ["id"],
  ],
  "a definition used alone and as a member": [
    "  type: object\n  properties:\n    runs: { type: array, items: { $ref: '#/$defs/run' } }\n    last: { allOf: [{ $ref: '#/$defs/run' }, { properties: { note: { type: string } } }] }\n  $defs:\n    run: { type: object, required: [id], properties: { id: { type: string } } }",
    { runs: [{ id: "a" }], last: { id: "b", note: "c" } },
  ],
};

describe("the compositions the old closing rule broke, end to end", () => {
  let project: GeneratedProject;
  const names = Object.keys(COMPOSITIONS);
  const view = (name: string): string[] => COMPOSITIONS[name]![2] ?? Object.keys(COMPOSITIONS[name]![1]);

  beforeAll(async () => {
    const specs = Object.fromEntries(names.map((name, i) => [
      `specs/c${i}.yaml`,
      `tool: c${i}\nversion: 1\ndescription: ${name}.\ninput: { type: object }\noutput:\n${COMPOSITIONS[name]![0]}\nagent_view: [${view(name).join(", ")}]\n`,
    ]));
    project = await generateProject("closing-compositions", specs);
  });
  afterAll(() => project.dispose());

  it.each(names.map((name, i) => [name, i] as const))("%s: accepts a valid instance and refuses an undeclared member", async (name, i) => {
    const adapter = await project.adapter(`c${i}`);
    // A call's result is adapted once: each response gets a call of its own.
    const adaptOnce = (raw: string) => {
      const started = adapter.call({});
      if (!started.ok) throw new Error("call refused");
      return adapter.adapt(raw, started.call);
    };
    const valid = COMPOSITIONS[name]![1];
    const data = Object.fromEntries(view(name).map((k) => [k, valid[k]]));
    const accepted = adaptOnce(JSON.stringify(valid));
    expect(accepted).toMatchObject({ outcome: "success" });
    expect(accepted.data).toEqual(data);
    expect(adaptOnce(JSON.stringify({ ...valid, undeclared: 1 }))).toMatchObject({ outcome: "failure", error: { code: "INVALID_RESPONSE" } });
  });

  it("closes a definition used alone with additionalProperties in a copy, and keeps it open as a member", async () => {
    const i = names.indexOf("a definition used alone and as a member");
    const tool = project.out.tools.find((t) => t.tool === `c${i}`)!;
    expect(tool.defs).toMatchObject({ run: { properties: { id: {} } }, run_closed: { additionalProperties: false } });
    expect(tool.defs.run).not.toHaveProperty("additionalProperties");
    expect(tool.output).toMatchObject({ properties: { runs: { items: { $ref: "#/$defs/run_closed" } } } });
    const adapter = await project.adapter(`c${i}`);
    const started = adapter.call({});
    if (!started.ok) throw new Error("call refused");
    expect(adapter.adapt(JSON.stringify({ runs: [{ id: "a", note: "x" }] }), started.call)).toMatchObject({ outcome: "failure" });
  });
});
