import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frozenCopy } from "./once.js";

const deeplyFrozen = (value: unknown): boolean =>
  value === null || typeof value !== "object" || (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));

/** Own member names, in order, with their descriptors' kinds: what a copy must keep. */
const shape = (value: unknown): unknown =>
  value === null || typeof value !== "object"
    ? value
    : [Array.isArray(value), Object.getPrototypeOf(value) === (Array.isArray(value) ? Array.prototype : Object.prototype), Object.entries(value).map(([k, v]) => [k, shape(v)])];

// Names Object.prototype has (a plain assignment would reach its setter or member) among ordinary ones.
const names = fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  // JSON.parse, as arguments arrive: `__proto__` is then an own member.
  object: fc.dictionary(names, tie("value"), { maxKeys: 5 }).map((o) => JSON.parse(JSON.stringify(o)) as unknown),
})).value;

describe("frozenCopy", () => {
  it("keeps every own member, in order, as plain data, deeply frozen, and leaves the original alone", () => {
    fc.assert(
      fc.property(json, (value) => {
        const before = JSON.stringify(value);
        const copy = frozenCopy(value);
        expect(shape(copy)).toEqual(shape(value));
        expect(deeplyFrozen(copy)).toBe(true);
        expect(JSON.stringify(value)).toBe(before);
        if (typeof value === "object" && value !== null) expect(copy).not.toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it("defines a member whose name Object.prototype has as a setter, instead of calling the setter", () => {
    let called = 0;
    Object.defineProperty(Object.prototype, "polluted", { set: () => void called++, configurable: true });
    try {
      const copy = frozenCopy(JSON.parse('{"polluted":1,"__proto__":{"admin":true}}') as Record<string, unknown>);
      expect(called).toBe(0);
      expect(Object.getOwnPropertyDescriptor(copy, "polluted")).toEqual({ value: 1, enumerable: true, writable: false, configurable: false });
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });
});
