import { describe, expect, it } from "vitest";
import { wholeFile } from "../codegen/file.js";
import type { ToolIR } from "../ir/types.js";
import { findings } from "../../../../test/support/compiler-findings.js";
import { checkBudget, checkEmittedSize, MAX_EMITTED_CHARS, MAX_ENUM_VALUES, MAX_SCHEMA_NODES } from "./budget.js";

const AT = { file: "specs/t.yaml", line: 1, column: 1 };
const budget = (roots: [unknown, string][]) => findings((sink) => checkBudget(roots, AT, sink));
/** An object schema of `n` nodes: itself and n - 1 properties. */
const wide = (n: number) => ({ type: "object", properties: Object.fromEntries(Array.from({ length: n - 1 }, (_, i) => [`p${i}`, {}])) });

describe("checkBudget", () => {
  it("accepts schemas at the node budget, counted over every root", () => {
    expect(budget([[wide(MAX_SCHEMA_NODES - 1), "/input"], [{}, "/output"]])).toEqual([]);
  });

  it("TG260 one node over the budget, summed across roots", () => {
    expect(budget([[wide(MAX_SCHEMA_NODES), "/input"], [{}, "/output"]])).toEqual([
      `TG260 specs/t.yaml the spec's schemas exceed the compile budget: ${MAX_SCHEMA_NODES + 1} schema nodes (at most ${MAX_SCHEMA_NODES})`,
    ]);
  });

  it("TG260 for too many enum values, not for exactly the budget", () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(budget([[{ enum: values(MAX_ENUM_VALUES) }, "/input"]])).toEqual([]);
    expect(budget([[{ enum: values(MAX_ENUM_VALUES / 2) }, "/input"], [{ enum: values(MAX_ENUM_VALUES / 2 + 1) }, "/output"]])).toEqual([
      `TG260 specs/t.yaml the spec's schemas exceed the compile budget: ${MAX_ENUM_VALUES + 1} enum values (at most ${MAX_ENUM_VALUES})`,
    ]);
  });
});

describe("checkEmittedSize", () => {
  const tool = { tool: "t1", specPath: "specs/t.yaml", locations: { "/tool": { file: "specs/t.yaml", line: 3, column: 1 } } } as unknown as ToolIR;
  const size = (...files: [string | undefined, number][]) =>
    findings((sink) => checkEmittedSize([tool], files.map(([source, n], i) => wholeFile(`f${i}.ts`, source, "x".repeat(n))), sink));

  it("accepts a spec's files up to the budget, ignoring files of no spec or another spec", () => {
    expect(size(["specs/t.yaml", MAX_EMITTED_CHARS], [undefined, 10], ["specs/u.yaml", 10])).toEqual([]);
  });

  it("TG261 at the spec's tool key when its files together exceed the budget", () => {
    const found = size(["specs/t.yaml", MAX_EMITTED_CHARS - 5], ["specs/t.yaml", 6]);
    expect(found).toEqual([`TG261 specs/t.yaml the generated code of this spec exceeds the compile budget: ${MAX_EMITTED_CHARS + 1} characters (at most ${MAX_EMITTED_CHARS})`]);
  });
});
