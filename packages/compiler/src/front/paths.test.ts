import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declaredProperties, deref, itemsOf, parsePath, resolveField, stepInto } from "./paths.js";

describe("parsePath", () => {
  it("reads dotted names and [] steps", () => {
    expect(parsePath("a.b")).toEqual([{ name: "a", items: false }, { name: "b", items: false }]);
    expect(parsePath("runs[].state")).toEqual([{ name: "runs", items: true }, { name: "state", items: false }]);
  });

  it("refuses empty steps and misplaced brackets", () => {
    for (const text of ["", "a.", ".a", "a..b", "a[]b", "a[", "[]", "a[0]"]) expect(parsePath(text), text).toBeUndefined();
  });

  it("round-trips any path it accepts", () => {
    const step = fc.record({ name: fc.stringMatching(/^[^.[\]]+$/), items: fc.boolean() });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), (steps) => {
        expect(parsePath(steps.map((s) => `${s.name}${s.items ? "[]" : ""}`).join("."))).toEqual(steps);
      }),
    );
  });
});

const DEFS = { id: { type: "string" }, alias: { $ref: "#/$defs/id" }, loopA: { $ref: "#/$defs/loopB" }, loopB: { $ref: "#/$defs/loopA" } };

describe("deref", () => {
  it("follows pure refs to the declaring schema and names the last definition", () => {
    expect(deref({ $ref: "#/$defs/alias" }, DEFS)).toEqual({ schema: { type: "string" }, via: "id" });
    expect(deref({ $ref: "#/$defs/id", unevaluatedProperties: false }, DEFS)).toEqual({ schema: { type: "string" }, via: "id" });
    expect(deref({ type: "integer" }, DEFS)).toEqual({ schema: { type: "integer" }, via: undefined });
  });

  it("gives up on a missing definition and on a cycle", () => {
    expect(deref({ $ref: "#/$defs/nope" }, DEFS)).toBeUndefined();
    expect(deref({ $ref: "#/$defs/loopA" }, DEFS)).toBeUndefined();
    expect(deref({ $ref: "#/$defs/toString" }, DEFS)).toBeUndefined();
  });
});

const OUTPUT = {
  type: "object",
  required: ["a/b"],
  properties: { "a/b": { $ref: "#/$defs/id" }, runs: { type: "array", items: { type: "object", properties: { state: { type: "string" } } } } },
  allOf: [{ required: ["runs"], properties: { extra: { type: "integer" } } }],
  anyOf: [{ properties: { maybe: { type: "string" } } }],
};

describe("stepInto and itemsOf", () => {
  it("finds a property, escapes its name in the pointer, and points into the definition it refers to", () => {
    expect(stepInto(OUTPUT, "/output", "a/b", DEFS)).toEqual({ ok: true, node: { $ref: "#/$defs/id" }, schema: { type: "string" }, required: true, pointer: "/$defs/id" });
    const runs = stepInto(OUTPUT, "/output", "runs", DEFS);
    expect(runs).toMatchObject({ ok: true, required: true, pointer: "/output/properties/runs" });
    if (!runs.ok) return;
    expect(itemsOf(runs.schema, runs.pointer, DEFS)).toMatchObject({ ok: true, required: true, pointer: "/output/properties/runs/items" });
  });

  it("finds allOf members' properties, and says union for one only a branch declares", () => {
    expect(stepInto(OUTPUT, "/output", "extra", DEFS)).toMatchObject({ ok: true, required: false, pointer: "/output/allOf/0/properties/extra" });
    expect(stepInto(OUTPUT, "/output", "maybe", DEFS)).toEqual({ ok: false, problem: "union", keyword: "anyOf" });
    expect(stepInto({ type: "object", properties: {} }, "/output", "toString", DEFS)).toEqual({ ok: false, problem: "missing", keyword: "" });
  });

  it("lists the unconditional declarations and notices the conditional ones", () => {
    const { declarations, unionProperties } = declaredProperties(OUTPUT, "/output", DEFS);
    expect([...declarations.keys()]).toEqual(["a/b", "runs", "extra"]);
    expect(unionProperties).toBe(true);
  });
});

describe("resolveField", () => {
  it("resolves a dotted path; required only when every step is", () => {
    const input = { type: "object", required: ["a"], properties: { a: { type: "object", properties: { b: { type: "string" } } } } };
    expect(resolveField(input, "input", "a", {})).toEqual({ path: ["a"], schema: input.properties.a, required: true });
    expect(resolveField(input, "input", "a.b", {})).toEqual({ path: ["a", "b"], schema: { type: "string" }, required: false });
    expect(resolveField(input, "input", "a.c", {})).toBeUndefined();
  });
});
