import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachSchema } from "../../schema/walk.js";
import { resolvePointer } from "../pointer.js";
import { Relocations } from "./relocate.js";
import { upgradeSchema, type Finding } from "./upgrade.js";

/** Draft-04 schemas using every keyword the upgrade renames, nested in each other. */
const draft04 = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant({ type: "string" }),
    fc.record({ type: fc.constant("number"), minimum: fc.integer(), exclusiveMinimum: fc.boolean() }, { requiredKeys: ["type"] }),
    fc.record({ items: fc.array(tie("schema"), { maxLength: 3 }), additionalItems: tie("schema") }, { requiredKeys: ["items"] }),
    fc.record({ properties: fc.dictionary(fc.constantFrom("a", "b", "c~d/e"), tie("schema"), { maxKeys: 3 }) }),
    fc.record({ dependencies: fc.dictionary(fc.constantFrom("a", "b"), fc.oneof(fc.constant(["c"]), tie("schema")), { maxKeys: 2 }) }),
    fc.record({ definitions: fc.dictionary(fc.constantFrom("x", "y"), tie("schema"), { maxKeys: 2 }), id: fc.constant("#here") }),
  ),
}));

describe("upgradeSchema", () => {
  it("locates every upgraded subschema where it was written", () => {
    fc.assert(
      fc.property(draft04.schema, (schema) => {
        const moves = new Relocations();
        const upgraded = upgradeSchema(schema, "draft-04", "/output", moves, () => {});
        forEachSchema(upgraded, "/output", (_node, at) => {
          const written = resolvePointer({ output: schema }, moves.written(at));
          expect(written, at).toBeDefined();
          expect(typeof written!.value, at).toBe("object");
        });
      }),
    );
  });

  it("leaves a 2020-12 schema as written", () => {
    const schema = { type: "array", prefixItems: [{ type: "string" }], items: false, $defs: { a: { dependentRequired: { a: ["b"] } } } };
    const findings: Finding[] = [];
    expect(upgradeSchema(schema, "2020-12", "", new Relocations(), (_at, f) => findings.push(f))).toEqual(schema);
    expect(findings).toEqual([]);
  });

  it("switches dialect at a nested $schema", () => {
    const schema = { $defs: { old: { $schema: "http://json-schema.org/draft-07/schema#", items: [{}], additionalItems: false } } };
    expect(upgradeSchema(schema, "2020-12", "", new Relocations(), () => {})).toEqual({
      $defs: { old: { $schema: "http://json-schema.org/draft-07/schema#", prefixItems: [{}], items: false } },
    });
  });

  it("upgrades 2019-09's $recursiveAnchor and $recursiveRef to the reserved $dynamicAnchor, positions kept", () => {
    const schema = { $recursiveAnchor: true, properties: { a: { $recursiveRef: "#" }, b: { $recursiveAnchor: false, $recursiveRef: "x.json" } } };
    const moves = new Relocations();
    expect(upgradeSchema(schema, "2019-09", "", moves, () => {})).toEqual({
      $dynamicAnchor: "$recursiveAnchor",
      properties: { a: { $dynamicRef: "#$recursiveAnchor" }, b: { $dynamicRef: "x.json#$recursiveAnchor" } },
    });
    expect([moves.written("/$dynamicAnchor"), moves.written("/properties/a/$dynamicRef")]).toEqual(["/$recursiveAnchor", "/properties/a/$recursiveRef"]);
  });
});

