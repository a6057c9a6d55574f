import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diagnostic, quote } from "./diagnostic.js";
import { escapeText } from "./escape.js";
import { formatDiagnostics } from "./format.js";

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
// Any UTF-16 units (lone surrogates included), weighted towards the characters that matter here.
const hostile = fc.string({ unit: fc.oneof(fc.constantFrom("\n", "\r", "\u0085", "\u2028", "\u2029", "\u202e", "\u2066", "\u001b", "\ud800", ":"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })) });
const AT = { file: "specs/a.yaml", line: 3, column: 5 };

describe("escapeText", () => {
  it("leaves no control, format, separator or surrogate character", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(UNSAFE.test(escapeText(text))).toBe(false);
      }),
    );
  });

  it("keeps text without such characters as written", () => {
    const safe = hostile.map((t) => [...t].filter((c) => !UNSAFE.test(c)).join(""));
    fc.assert(
      fc.property(safe, (text) => {
        expect(escapeText(text)).toBe(text);
      }),
    );
  });

  it("spells an astral format character as its two JSON escapes", () => {
    expect(escapeText("a\u{e0001}b")).toBe("a\\udb40\\udc01b");
  });
});

describe("diagnostic parameters", () => {
  it("never add a line to the text format, quoted or not", () => {
    fc.assert(
      fc.property(hostile, hostile, (pattern, detail) => {
        const text = formatDiagnostics([diagnostic("TG214", AT, { pattern: quote(pattern), detail })], "text");
        expect(text.split("\n")).toHaveLength(2);
        expect(UNSAFE.test(text.replace("\n", ""))).toBe(false);
      }),
    );
  });
});
