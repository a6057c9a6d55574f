import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { omitNullOptionals, type OptionalFields } from "./optional-fields.js";

// Shape of { host: required, mount?: string, filter?: { since?: string, tag: string }, items: [{ note?: string }] }
const FIELDS: OptionalFields = {
  optional: ["mount", "filter"],
  properties: { filter: { optional: ["since"] }, items: { items: { optional: ["note"] } } },
};

describe("omitNullOptionals", () => {
  it("drops exactly the nulls that stand for omitted optional properties, at every level", () => {
    const args = { host: "db-01", mount: null, filter: { since: null, tag: "x" }, items: [{ note: null }, { note: "n" }] };
    expect(omitNullOptionals(args, FIELDS)).toEqual({ host: "db-01", filter: { tag: "x" }, items: [{}, { note: "n" }] });
  });

  it("keeps a null where the spec did not make the property optional, so validation still rejects it", () => {
    expect(omitNullOptionals({ host: null, filter: { tag: null } }, FIELDS)).toEqual({ host: null, filter: { tag: null } });
  });

  it("returns a new object and leaves the arguments untouched", () => {
    const args = { host: "a", mount: null };
    const out = omitNullOptionals(args, FIELDS);
    expect(out).not.toBe(args);
    expect(args).toEqual({ host: "a", mount: null });
  });

  it("keeps a __proto__ key as data instead of setting the prototype", () => {
    const args = JSON.parse('{"__proto__": {"polluted": true}, "mount": null}') as object;
    const out = omitNullOptionals(args, FIELDS) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("passes non-objects and mismatched shapes through unchanged", () => {
    for (const value of [null, 3, "s", true, [1, null]]) expect(omitNullOptionals(value, FIELDS)).toEqual(value);
    expect(omitNullOptionals({ filter: "not an object", items: "no" }, FIELDS)).toEqual({ filter: "not an object", items: "no" });
  });

  it("undoes strict mode: an optional property sent as null comes back omitted", () => {
    const maybe = fc.option(fc.string(), { nil: undefined });
    const filter = fc.option(fc.record({ since: maybe, tag: fc.string() }), { nil: undefined });
    fc.assert(
      fc.property(fc.record({ host: fc.string(), mount: maybe, filter }), (args) => {
        // What a strict-mode model sends: every property present, null for "absent".
        const sent = {
          host: args.host,
          mount: args.mount ?? null,
          filter: args.filter === undefined ? null : { since: args.filter.since ?? null, tag: args.filter.tag },
        };
        // The arguments as JSON, i.e. without the keys whose value is undefined.
        expect(omitNullOptionals(sent, FIELDS)).toStrictEqual(JSON.parse(JSON.stringify(args)));
      }),
      { seed: 5151, numRuns: 500 },
    );
  });
});
