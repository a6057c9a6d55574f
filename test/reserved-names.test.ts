import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject, type LoadedAdapter } from "./support/generated-project.js";
import { typeCheck } from "./support/typecheck.js";

/**
 * Issue 12: property names such as `__proto__`, `constructor` and `toString` (Object.prototype's
 * own names) are fields like any other: validated as own members only, typed with quoted keys, and
 * copied into the agent view as own data members, never setting a prototype. Through the real
 * generated adapter, with the strict parser in front.
 */
const SPEC = `tool: reserved
version: 1
description: Reads one record whose fields are named like Object.prototype's members.
input: { type: object }
output:
  type: object
  required: [id, __proto__, constructor]
  properties:
    id: { type: string, maxLength: 8 }
    __proto__:
      type: object
      required: [a]
      properties:
        a: { type: string, maxLength: 8 }
    constructor: { type: string, maxLength: 8 }
    toString: { type: string, maxLength: 8 }
    isPrototypeOf: { type: integer }
    prototype: { type: boolean }
    nested:
      type: object
      properties:
        __proto__: { type: string, maxLength: 8 }
        valueOf: { type: integer }
agent_view: [id, __proto__, constructor, toString, isPrototypeOf, nested]
`;

let project: GeneratedProject;
let adapter: LoadedAdapter;
beforeAll(async () => {
  project = await generateProject("reserved-names", { "specs/reserved.yaml": SPEC });
  adapter = await project.adapter("reserved");
});
afterAll(() => project.dispose());

function adapt(raw: string): { outcome: string; data?: unknown; error?: unknown } {
  const started = adapter.call({});
  if (!started.ok) throw new Error("call refused");
  return adapter.adapt(raw, started.call);
}

const FULL = '{"id":"r1","__proto__":{"a":"x"},"constructor":"c","toString":"t","isPrototypeOf":3,"prototype":true,"nested":{"__proto__":"n","valueOf":1}}';

describe("a spec whose fields are named like Object.prototype's members", () => {
  it("compiles (free-text warnings aside) and its generated TypeScript type-checks", () => {
    expect(project.out.diagnostics.filter((d) => d.code !== "TG307")).toEqual([]);
    const files = project.out.files.filter((f) => f.path.endsWith(".ts")).map((f) => join(project.dir, f.path));
    expect(typeCheck(files)).toEqual([]);
  });

  it("gives the agent exactly the declared own members, and no prototype is set or polluted", () => {
    const result = adapt(FULL);
    expect(result.outcome).toBe("success");
    const data = result.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(["id", "__proto__", "constructor", "toString", "isPrototypeOf", "nested"]);
    expect(Object.getOwnPropertyDescriptor(data, "__proto__")?.value).toEqual({ a: "x" });
    const nested = data.nested as Record<string, unknown>;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(nested, "__proto__")?.value).toBe("n");
    expect(JSON.parse(JSON.stringify(data))).toEqual(JSON.parse(FULL.replace(',"prototype":true', "")));
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it.each([
    ["__proto__ missing (Object.prototype is inherited, never own)", '{"id":"r1","constructor":"c"}'],
    ["constructor missing (Object is inherited, never own)", '{"id":"r1","__proto__":{"a":"x"}}'],
    ["__proto__ of the wrong type", '{"id":"r1","__proto__":1,"constructor":"c"}'],
    ["__proto__ missing its own required member", '{"id":"r1","__proto__":{},"constructor":"c"}'],
    ["toString of the wrong type", '{"id":"r1","__proto__":{"a":"x"},"constructor":"c","toString":{"a":"x"}}'],
    ["an undeclared constructor member in a closed object", '{"id":"r1","__proto__":{"a":"x","constructor":"c"},"constructor":"c"}'],
  ])("refuses %s", (_title, raw) => {
    expect(adapt(raw).outcome).toBe("failure");
  });

  it("a value whose declared members are only inherited fails the output validator", async () => {
    const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("reserved/validate.ts");
    expect(validateOutput(JSON.parse(FULL))).toBe(true);
    const inherited = Object.create({ __proto__: null, constructor: "c", toString: 1 }) as Record<string, unknown>;
    Object.defineProperty(inherited, "id", { value: "r1", enumerable: true });
    Object.defineProperty(inherited, "__proto__", { value: { a: "x" }, enumerable: true });
    expect(validateOutput(inherited)).toBe(false);
  });
});
