import { describe, expect, it } from "vitest";
import { atPointer, findings } from "../../../../test/support/compiler-findings.js";
import { checkRefCycles } from "./ref-cycles.js";

const check = (defs: Record<string, unknown>) => findings((sink) => checkRefCycles(defs, atPointer, sink));
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

describe("checkRefCycles", () => {
  it("accepts recursion that descends into the value (properties, items)", () => {
    expect(check({ tree: { type: "object", properties: { children: { type: "array", items: ref("tree") } } } })).toEqual([]);
    expect(check({ a: ref("b"), b: { type: "string" } })).toEqual([]);
  });

  it("TG240 once per cycle, at the $ref that closes it, naming the cycle", () => {
    expect(check({ a: ref("b"), b: ref("a") })).toEqual([
      'TG240 /$defs/b/$ref $ref cycle "a → b → a" applies a definition to the same value forever: no validator or type can end it',
    ]);
  });

  it("follows in-place keywords (allOf, not) and reports a self-reference", () => {
    expect(check({ a: { allOf: [{ type: "object" }, { not: ref("a") }] } }).map((d) => d.split(" ").slice(0, 3).join(" "))).toEqual([
      'TG240 /$defs/a/allOf/1/not/$ref $ref',
    ]);
    expect(check({ s: { anyOf: [ref("s")] } })[0]).toContain('"s → s"');
  });

  it("reports two separate cycles each once", () => {
    const found = check({ a: ref("a"), b: { oneOf: [ref("c")] }, c: ref("b") });
    expect(found.map((d) => d.split(" ")[1])).toEqual(["/$defs/a/$ref", "/$defs/c/$ref"]);
  });

  // dependentSchemas applies its subschemas to the same instance (Ajv's validator for this cycle
  // overflows the stack on {x: 1}).
  it("reports a cycle through dependentSchemas", () => {
    expect(check({ a: { dependentSchemas: { x: ref("a") } } }).map((d) => d.split(" ")[1])).toEqual(["/$defs/a/dependentSchemas/x/$ref"]);
  });
});
