import { describe, expect, it } from "vitest";
import { compile } from "../compile.js";
import { undecidedPointers } from "./undecided.js";

const SPEC = [
  "tool: t1",
  "version: 1",
  "description: Reads one thing.",
  "input: { type: object, properties: { id: { type: string } } }",
  "output:",
  "  type: object",
  "  required: [id]",
  "  properties:",
  '    id: { type: string, const: "TODO: data, not a marker" }',
  "# suggestion: [id]",
  'agent_view: "TODO: choose the fields the agent needs"',
  'retry: "TODO: declare whether this operation is safe, idempotent or unsafe"',
  'checks: "TODO: declare the bind and fresh checks, or write checks: []"',
  'limits: { max_bytes: "TODO: measure it" }',
  "",
].join("\n");

async function diagnosticsOf(text: string) {
  const result = await compile({ files: new Map([["specs/t1.yaml", text]]), specs: ["specs/t1.yaml"] });
  return result.diagnostics.map((d) => ({ code: d.code, line: d.line, column: d.column, message: d.message, hint: d.hint }));
}

describe("the TODO rule", () => {
  it("reports each TODO value once, at the value, with the key's hint, and no type error for it", async () => {
    expect(await diagnosticsOf(SPEC)).toEqual([
      { code: "TG120", line: 11, column: 13, message: "agent_view is still undecided: choose the fields the agent needs", hint: "choose the fields the agent needs" },
      {
        code: "TG120",
        line: 12,
        column: 8,
        message: "retry is still undecided: declare whether this operation is safe, idempotent or unsafe",
        hint: "declare whether this operation is safe, idempotent or unsafe (seed: the retry class is never inferred from the HTTP method)",
      },
      {
        code: "TG120",
        line: 13,
        column: 9,
        message: "checks is still undecided: declare the bind and fresh checks, or write checks: []",
        hint: "declare the bind and fresh checks that tie the response to the call, or write checks: []",
      },
      { code: "TG120", line: 14, column: 22, message: "limits.max_bytes is still undecided: measure it", hint: "Replace the TODO marker with the author's decision; the import never makes it." },
    ]);
  });

  it("still reports the other shape errors of a spec with TODOs", async () => {
    const found = await diagnosticsOf(SPEC.replace("version: 1", "version: one"));
    expect(found.map((d) => d.code)).toEqual(["TG113", "TG120", "TG120", "TG120", "TG120"]);
  });

  it("compiles once every TODO is decided", async () => {
    const decided = SPEC.replace(/^agent_view: .*$/m, "agent_view: [id]")
      .replace(/^retry: .*$/m, "retry: { class: safe }")
      .replace(/^checks: .*$/m, "checks: []")
      .replace(/^limits: .*$/m, "limits: { max_bytes: 1KiB }");
    expect((await diagnosticsOf(decided)).filter((d) => d.code !== "TG307")).toEqual([]);
  });

  it("finds TODOs in JSON specs and inside lists, never inside payload schemas", () => {
    const spec = { input: { description: "TODO: x" }, output: { const: "TODO: y" }, checks: [{ bind: "TODO: pick" }], title: "TODO:" };
    expect(undecidedPointers(spec)).toEqual(["/checks/0/bind", "/title"]);
    expect(undecidedPointers("TODO: everything")).toEqual([""]);
    expect(undecidedPointers({ description: "todo: lower case is prose" })).toEqual([]);
  });
});
