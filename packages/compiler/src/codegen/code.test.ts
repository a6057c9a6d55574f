import { describe, expect, it } from "vitest";
import { _, escapeUnsafeChars, isSafeIdentifier, jsdoc, member, Name, propertyKey, raw, safeStringify } from "./code.js";

describe("code builder", () => {
  it("quotes interpolated strings as data", () => {
    const hostile = "'\"`${process.exit(1)}`*/\u2028\u2029";
    const code = _`const x = ${hostile};`.toString();
    expect(code).toBe(`const x = "'\\"\`\${process.exit(1)}\`*/\\u2028\\u2029";`);
    expect(new Function(`${code} return x;`)()).toBe(hostile);
  });

  it("splices only Code and Name verbatim", () => {
    expect(_`${new Name("abc")}(${raw("1 + 2")}, ${3}, ${true}, ${null})`.toString()).toBe("abc(1 + 2, 3, true, null)");
    expect(_`f(${["a", { b: 1 }]})`.toString()).toBe('f(["a",{"b":1}])');
  });

  it("rejects names that are not plain identifiers or are reserved", () => {
    for (const bad of ["a-b", "1a", "", "class", "delete", "constructor ", "a b", "x;y", "await"]) {
      expect(() => new Name(bad), bad).toThrow(TypeError);
    }
    expect(isSafeIdentifier("change_id")).toBe(true);
  });

  it("renders keys and member access safely", () => {
    expect(propertyKey("a").toString()).toBe("a");
    expect(propertyKey("a-b").toString()).toBe('"a-b"');
    expect(propertyKey("__proto__").toString()).toBe('["__proto__"]');
    expect(member(raw("d"), "x").toString()).toBe("d.x");
    expect(member(raw("d"), "x y\u2028").toString()).toBe('d["x y\\u2028"]');
  });

  it("keeps comment text from closing the comment", () => {
    const doc = jsdoc("a */ b\u2028c\nd").toString();
    expect(doc).toBe("/**\n * a *\\/ b c\n * d\n */");
    expect(doc.indexOf("*/")).toBe(doc.length - 2);
  });

  it("escapes lone surrogates, which no UTF-8 file can hold, and keeps pairs", () => {
    expect(safeStringify("a\ud800b\udc00c😀")).toBe('"a\\ud800b\\udc00c😀"');
    expect(escapeUnsafeChars("x\udbff\u2029😀\ud83d")).toBe("x\\udbff\\u2029😀\\ud83d");
    expect(jsdoc("lone \ud800 here").toString()).toBe("/**\n * lone \\ud800 here\n */");
  });

  it("refuses values without a JSON literal", () => {
    expect(() => _`${Number.NaN}`).toThrow(TypeError);
    expect(() => safeStringify(undefined)).toThrow(TypeError);
  });
});
