import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { buildAgentView } from "./agent-view.js";

// Each diagnostic is located at its pointer, so a test sees which agent_view entry it names.
const at = (pointer: string) => ({ file: `s.yaml#${pointer}`, line: 1, column: 1 });

const OUTPUT = {
  type: "object",
  required: ["id", "runs"],
  properties: {
    id: { type: "string", enum: ["a", "b"] },
    note: { type: "string", format: "uuid" },
    runs: {
      type: "array",
      maxItems: 5,
      uniqueItems: true,
      items: { type: "object", required: ["state"], properties: { state: { enum: ["ok", "failed"] }, n: { type: "integer" } }, additionalProperties: false },
    },
    choice: { anyOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "null" }] },
    item: { $ref: "#/$defs/item" },
  },
};
const DEFS = { item: { type: "object", required: ["k"], properties: { k: { type: "integer" } } } };

function view(paths: string[]) {
  const sink = new DiagnosticCollector();
  const built = buildAgentView(paths, OUTPUT, DEFS, at, sink);
  return { ...built, found: sink.diagnostics.map((d) => `${d.code} ${d.file}`) };
}

describe("buildAgentView", () => {
  it("selects the listed fields, in list order, with their required flags", () => {
    const { selection, found } = view(["note", "id"]);
    expect(found).toEqual([]);
    expect(selection).toEqual({
      kind: "object",
      fields: [
        { key: "note", required: false, selection: { kind: "value" } },
        { key: "id", required: true, selection: { kind: "value" } },
      ],
    });
  });

  it("projects array items into a closed object schema, keeping only the keywords a projection keeps", () => {
    const { selection, schema, found } = view(["runs[].state"]);
    expect(found).toEqual([]);
    expect(selection).toEqual({ kind: "object", fields: [{ key: "runs", required: true, selection: { kind: "array", items: { kind: "object", fields: [{ key: "state", required: true, selection: { kind: "value" } }] } } }] });
    const runs = (schema.properties as Record<string, Record<string, unknown>>).runs!;
    expect(runs).toEqual({ maxItems: 5, type: "array", items: { type: "object", properties: { state: { enum: ["ok", "failed"] } }, required: ["state"], additionalProperties: false } });
  });

  it("follows a $ref into a definition's members", () => {
    const { selection, found } = view(["item.k"]);
    expect(found).toEqual([]);
    expect(selection).toMatchObject({ fields: [{ key: "item", required: false, selection: { kind: "object", fields: [{ key: "k", required: true }] } }] });
  });

  it("reports a malformed path (TG304) and builds nothing else", () => {
    const { selection, found } = view(["id", "runs[.state", "missing"]);
    expect(found).toEqual(["TG304 s.yaml#/agent_view/1"]);
    expect(selection).toEqual({ kind: "object", fields: [] });
  });

  it("reports a path that does not exist (TG301), one that crosses a union (TG302), and overlapping paths (TG303), each at its entry", () => {
    expect(view(["id", "missing"]).found).toEqual(["TG301 s.yaml#/agent_view/1"]);
    expect(view(["choice.a"]).found).toEqual(["TG302 s.yaml#/agent_view/0"]);
    expect(view(["runs", "runs[].state"]).found).toEqual(["TG303 s.yaml#/agent_view/1"]);
    expect(view(["id.x"]).found).toEqual(["TG302 s.yaml#/agent_view/0"]);
  });
});
