import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { SourceSet } from "../load/sources.js";
import { buildTool } from "./tool.js";

/** Builds every spec into one collector, the way compile() does, and returns what was reported. */
function reports(files: Record<string, string>): string[] {
  const sink = new DiagnosticCollector();
  const sources = new SourceSet(new Map(Object.entries(files)), sink);
  for (const path of Object.keys(files).filter((p) => p.endsWith(".yaml") && !p.includes("/schemas/")).sort()) {
    const doc = sources.get(path);
    if (doc) buildTool(doc, sources, sink);
  }
  return sink.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`);
}

const spec = (output: string[], extra: string[] = []): string =>
  ["tool: t1", "version: 1", "description: Reads one thing.", "input:", "  type: object", "  properties:", "    id: { type: string }", "output:", ...output, "agent_view: [id]", ...extra, ""].join("\n");

describe("the front end reports each finding once", () => {
  it("warns once about a definition that also gets a closed copy (<name>_closed)", () => {
    // `item` is used alone (items) and as a member (allOf): it is closed twice, open and as a copy.
    const out = reports({
      "specs/a.yaml": spec([
        "  type: object",
        "  properties:",
        "    id: { type: string }",
        "    list: { type: array, items: { $ref: \"#/$defs/item\" } }",
        "    one: { allOf: [{ $ref: \"#/$defs/item\" }] }",
        "  $defs:",
        "    item:",
        "      type: object",
        "      properties:",
        "        tags: { type: object, additionalProperties: { type: string } }",
        "        meta: { type: object }",
      ]),
    });
    expect(out.filter((d) => d.startsWith("TG212"))).toHaveLength(1);
    expect(out.filter((d) => d.startsWith("TG223"))).toHaveLength(1);
    expect(new Set(out).size).toBe(out.length);
  });

  it("reports a broken $ref inside a local definition once", () => {
    const out = reports({
      "specs/a.yaml": spec(["  type: object", "  properties:", "    id: { type: string }"]).replace(
        "    id: { type: string }\noutput:",
        "    id: { type: string }\n    node: { $ref: \"#/$defs/node\" }\n  $defs:\n    node: { type: array, items: { $ref: \"#/$defs/leaf\" } }\noutput:",
      ),
    });
    expect(out).toEqual([expect.stringMatching(/^TG202 specs\/a\.yaml:10:/)]);
  });

  it("warns once about free text that several schemas of one value declare (allOf members, tuple positions)", () => {
    const out = reports({
      "specs/a.yaml": spec([
        "  type: object",
        "  required: [id, step, pair]",
        "  properties:",
        "    id: { type: string, format: uuid }",
        "    step:",
        "      allOf:",
        "        - { type: object, properties: { a: { type: string } } }",
        "        - { type: object, properties: { a: { type: string, maxLength: 9 } } }",
        "    pair: { type: array, prefixItems: [{ type: string }, { type: string }], items: false }",
      ]).replace("agent_view: [id]", "agent_view: [id, step, pair]"),
    });
    expect(out.map((d) => d.replace(/ specs.*?:\d+:\d+/, ""))).toEqual([
      'TG307 agent_view field "step.a" is free text (a string without enum, pattern or format)',
      'TG307 agent_view field "pair[]" is free text (a string without enum, pattern or format)',
    ]);
  });

  it("reports a referenced file's parse error once, whichever spec reaches it first", () => {
    const ref = ["  type: object", "  properties:", "    id: { type: string }", "    x: { $ref: \"schemas/common.yaml#/x\" }"];
    const out = reports({ "specs/a.yaml": spec(ref), "specs/b.yaml": spec(ref).replace("tool: t1", "tool: t2"), "specs/schemas/common.yaml": "x: [\n" });
    expect(out.filter((d) => d.startsWith("TG101"))).toHaveLength(1);
    expect(out.filter((d) => d.startsWith("TG201")).map((d) => d.split(":")[0])).toEqual(["TG201 specs/a.yaml", "TG201 specs/b.yaml"]);
  });
});
