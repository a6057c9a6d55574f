import { describe, expect, it } from "vitest";
import { LeanUnsupported } from "./context.js";
import { leanValidatorModule } from "./module.js";

const doc = (root: unknown): unknown => ({ $defs: { root } });
const emit = (root: unknown): string | LeanUnsupported => leanValidatorModule(doc(root), { validate: "/$defs/root" });

describe("leanValidatorModule", () => {
  it("declines a keyword it does not know, naming the keyword and where", () => {
    const result = emit({ type: "object", properties: { list: { type: "array", additionalItems: false } } });
    expect(result).toBeInstanceOf(LeanUnsupported);
    expect((result as LeanUnsupported).message).toBe("additionalItems at #/$defs/root/properties/list");
  });

  it("reads a property named like an Object.prototype member as an own member only", () => {
    const text = emit({ type: "object", required: ["constructor"] }) as string;
    expect(typeof text).toBe("string");
    expect(text).toContain('.call(d, "constructor") ? d.constructor : undefined');
  });

  it("declines a reference outside the document", () => {
    expect(emit({ $ref: "other.json#/x" })).toBeInstanceOf(LeanUnsupported);
  });

  it("writes spec strings only as quoted literals", () => {
    const hostile = '"); globalThis.pwned = 1; ("';
    const source = emit({ type: "object", properties: { [hostile]: { const: hostile, maxLength: 40 } }, required: [hostile] });
    expect(typeof source).toBe("string");
    const text = source as string;
    // Every occurrence of the hostile text sits inside a JSON string literal.
    const quoted = JSON.stringify(hostile).slice(1, -1);
    expect(text.split(quoted).length - 1).toBeGreaterThanOrEqual(3);
    expect(text.replaceAll(quoted, "").includes("globalThis.pwned")).toBe(false);
  });

  it("emits the same bytes for the same document", () => {
    const root = { type: "object", properties: { a: { anyOf: [{ type: "string" }, { $ref: "#/$defs/root" }] } }, unevaluatedProperties: false };
    expect(emit(root)).toBe(emit(root));
  });

  it("gives the first run boolean functions without a collector, and the collecting pass their twins", () => {
    const root = { type: "object", required: ["a"], properties: { a: { anyOf: [{ type: "string" }, { $ref: "#/$defs/root" }] } }, additionalProperties: false };
    const text = emit(root) as string;
    const functions = text.split(/\n(?=function )/).slice(1);
    const boolean = functions.filter((f) => /^function \w+\(d: any\): boolean/.test(f));
    const twins = functions.filter((f) => /^function \w+c\(d: any, c: Collector\): void/.test(f));
    expect(boolean.length).toBeGreaterThan(1);
    expect(boolean.length + twins.length + 1).toBe(functions.length);
    for (const f of boolean) expect(f).not.toMatch(/\bc\b/);
    expect(text).toContain("toValidator(v1, v1c, issues)");
    // The issue table is a function's result, not a module-level value.
    expect(text).toMatch(/\nfunction issues\(\): readonly ValidatorIssueRow\[\] \{\n  return \[/);
  });

  it("imports only the runtime helpers it calls", () => {
    const text = emit({ type: "string", maxLength: 3 }) as string;
    const imports = text.slice(0, text.indexOf(";") + 1).replace(/\s+/g, " ");
    expect(imports).toBe('import { toValidator, ucs2length, type Collector, type Validator, type ValidatorIssueRow, } from "@toolgate/runtime";');
  });
});
