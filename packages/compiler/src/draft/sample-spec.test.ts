import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, parseDocument, type Node } from "yaml";
import { draftSampleSpec } from "./sample-spec.js";

/** Every scalar value that is a TODO marker, by the key it is the value of. */
function todoValues(node: Node | null, key = ""): [string, string][] {
  if (isMap(node)) return node.items.flatMap((pair) => todoValues(pair.value as Node, String((pair.key as { value: unknown }).value)));
  if (isSeq(node)) return node.items.flatMap((item) => todoValues(item as Node, key));
  return isScalar(node) && typeof node.value === "string" && node.value.startsWith("TODO:") ? [[key, node.value]] : [];
}

const RESPONSES = [
  { name: "a.json", value: { id: 7, state: "TODO: not a marker, a sample value", updated_at: "2026-12-01T10:00:00Z" }, bytes: 80 },
  { name: "b.json", value: { id: 8, state: "open", updated_at: "2026-12-01T11:00:00Z", note: null }, bytes: 90 },
];

// The agreed markers (the interface with the TG120 rule in gen), spelled out rather than imported.
const AGREED = {
  description: "TODO: say what the tool reads, and that it starts and changes nothing (or what it does change)",
  input: "TODO: declare the call's arguments (JSON Schema of an object)",
  agent_view: "TODO: choose the fields the agent needs",
  checks: "TODO: declare the bind and fresh checks, or write checks: []",
  retry: "TODO: declare whether this operation is safe, idempotent or unsafe",
};

describe("draftSampleSpec", () => {
  it("parses as YAML, and its TODO values are exactly the agreed markers", () => {
    const doc = parseDocument(draftSampleSpec({ tool: "get_thing", responses: RESPONSES, specsDir: "specs" }));
    expect(doc.errors).toEqual([]);
    expect(Object.fromEntries(todoValues(doc.contents))).toEqual(AGREED);
    expect(todoValues(doc.contents)).toHaveLength(5);
  });

  it("infers input from recorded arguments instead of leaving it a TODO, and suggests a bind", () => {
    const text = draftSampleSpec({ tool: "get_thing", responses: RESPONSES, inputs: [{ id: 7 }, { id: 8 }], specsDir: "specs" });
    const doc = parseDocument(text);
    const { input, ...others } = AGREED;
    expect(Object.fromEntries(todoValues(doc.contents))).toEqual(others);
    expect(doc.toJS().input).toEqual({ type: "object", required: ["id"], properties: { id: { type: "integer" } } });
    expect(text).toContain("# Bind candidates (in the call and the response): id\n");
  });

  it("suggests the always-present scalars as view candidates and the date-time field for freshness, as comments", () => {
    const text = draftSampleSpec({ tool: "get_thing", responses: RESPONSES, specsDir: "specs" });
    expect(text).toContain("# Candidates (scalar fields present in every sample): id, state, updated_at\nagent_view:");
    expect(text).toContain("# Freshness candidates (strict RFC 3339 date-times in the samples): updated_at\n");
  });

  it("writes the modeline relative to the spec's directory", () => {
    const text = draftSampleSpec({ tool: "t", responses: RESPONSES, specsDir: "tools/specs" });
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../../node_modules/@toolgate/spec/toolspec.schema.json");
  });

  it("suggests limits from the largest and deepest sample", () => {
    const doc = parseDocument(draftSampleSpec({ tool: "t", responses: [{ name: "x", value: { a: [[1]] }, bytes: 3000 }], specsDir: "specs" }));
    expect(doc.toJS().limits).toEqual({ max_bytes: "8KiB", max_depth: 8 });
  });

  it("is the same text for the same samples", () => {
    const once = draftSampleSpec({ tool: "t", responses: RESPONSES, specsDir: "specs" });
    expect(draftSampleSpec({ tool: "t", responses: structuredClone(RESPONSES), specsDir: "specs" })).toBe(once);
  });
});
