import { parseStrict } from "@toolgate/runtime";
import { afterEach, describe, expect, it } from "vitest";

const LIMITS = { maxBytes: 1 << 20, maxDepth: 32 };

// Every spelling a JSON text can use for the dangerous names: literal, each character escaped,
// upper- and lower-case hex, all escaped.
const esc = (ch: string, upper: boolean): string => {
  const hex = ch.charCodeAt(0).toString(16).padStart(4, "0");
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};
function spellings(name: string): string[] {
  const out = new Set([name, [...name].map((c) => esc(c, false)).join(""), [...name].map((c) => esc(c, true)).join("")]);
  for (let i = 0; i < name.length; i++) out.add(name.slice(0, i) + esc(name[i]!, i % 2 === 0) + name.slice(i + 1));
  return [...out];
}

const WRAPPERS: readonly ((key: string) => string)[] = [
  (k) => `{"${k}":{"polluted":true}}`,
  (k) => `{"${k}" :{"polluted":true}}`,
  (k) => `{"${k}"\n\t\r :{"polluted":true}}`,
  (k) => `{"safe":1,"${k}":{"polluted":true}}`,
  (k) => `{"a":{"b":{"${k}":{"polluted":true}}}}`,
  (k) => `[1,{"${k}":{"polluted":true}}]`,
  (k) => `{"constructor_like":{"${k}":{"prototype":{"polluted":true}}}}`,
];

const cases = ["__proto__", "constructor", "prototype"].flatMap((name) =>
  spellings(name).flatMap((spelling) => WRAPPERS.map((wrap) => [name, wrap(spelling)] as const)),
);

function freshPlainObjects(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype) return false;
  return Object.values(value).every(freshPlainObjects);
}

describe("prototype safety", () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
  });

  it("covers at least 6 spellings of __proto__ and 5 of constructor", () => {
    expect(spellings("__proto__").length).toBeGreaterThanOrEqual(6);
    expect(spellings("constructor").length).toBeGreaterThanOrEqual(5);
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases)("rejects %s in %s", (_name, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    const result = parseStrict(text, LIMITS);
    expect(result).toMatchObject({ ok: false, layer: "syntax", reason: "forbidden_key" });
    // Even a careless merge of the refused text's JSON.parse result must not reach us through parseStrict.
    Object.assign({}, result);
  });

  it("hands on only fresh plain objects and leaves values named like the keys alone", () => {
    const text = '{"a":{"b":[{"c":"__proto__"},{"d":"constructor"}]},"e":"prototype"}';
    const result = parseStrict(text, LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(freshPlainObjects(result.value)).toBe(true);
    const second = parseStrict(text, LIMITS);
    expect(second.ok && second.value).not.toBe(result.value);
    expect(second.ok && second.value).toEqual(result.value);
  });

  it("accepts names that only contain the dangerous words", () => {
    expect(parseStrict('{"__proto__x":1,"my_constructor":2,"prototypes":3}', LIMITS)).toEqual({
      ok: true,
      value: { __proto__x: 1, my_constructor: 2, prototypes: 3 },
    });
  });
});
