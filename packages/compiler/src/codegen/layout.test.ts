import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builderLayout } from "./layout.js";

describe("builderLayout", () => {
  it("indents each line by the brackets open at its start and keeps one blank line between blocks", () => {
    const text = ["function f(d) {", "if (d) { c?.add(1); return false; }", "for (const k in d) {", "g([", "1,", "]);", "}", "", "", "", "return true;", "}", ""].join("\n");
    expect(builderLayout(text)).toBe(
      ["function f(d) {", "  if (d) { c?.add(1); return false; }", "  for (const k in d) {", "    g([", "      1,", "    ]);", "  }", "", "  return true;", "}", ""].join("\n"),
    );
  });

  it("does not count brackets inside string literals or comments, whose text may come from a spec", () => {
    const text = ['const a = "{[(";', "/**", " * a spec's text: { ( [ ` \"", " */", "const b = '}\\'}'; // ) ] }", "const c = 1;", ""].join("\n");
    expect(builderLayout(text)).toBe(['const a = "{[(";', "/**", " * a spec's text: { ( [ ` \"", " */", "const b = '}\\'}'; // ) ] }", "const c = 1;", ""].join("\n"));
  });

  it("indents a comment's continuation lines under the block it sits in", () => {
    expect(builderLayout("{\n/**\n* x\n*/\nf();\n}")).toBe("{\n  /**\n   * x\n   */\n  f();\n}\n");
  });

  it("declines what it cannot place, so the file goes to Prettier", () => {
    for (const text of ["const a = `x\ny`;", 'const a = "open', "}", "f(", "/* open", "const a = 1; /*\n\n*/"]) expect(builderLayout(text)).toBeUndefined();
  });

  // The bytes gen writes must not depend on whether a file passed through the layout once or twice,
  // and the layout must only move whitespace at line starts.
  const codeish = fc.stringMatching(/^[{}()[\]"'`\\/* a;\n]*$/, { maxLength: 80 });

  it("is idempotent", () => {
    fc.assert(
      fc.property(codeish, (text) => {
        const once = builderLayout(text);
        if (once !== undefined) expect(builderLayout(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it("changes only indentation and blank lines", () => {
    const lines = (text: string): string[] => text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
    fc.assert(
      fc.property(codeish, (text) => {
        const laid = builderLayout(text);
        if (laid !== undefined) expect(lines(laid)).toEqual(lines(text));
      }),
      { numRuns: 2000 },
    );
  });
});
