import { describe, expect, it } from "vitest";
import { compile } from "../compile.js";
import { viewedOutput, viewRootName } from "./view-root.js";

const spec = (output: string, view: string, checks = ""): string => `tool: probe
version: 1
description: Lists probes.
input: { type: object, properties: {} }
output:
${output}
agent_view: ${view}
${checks}`;

const compiled = (text: string) => compile({ files: new Map([["specs/probe.yaml", text]]), specs: ["specs/probe.yaml"] });
const PETS = `  type: array
  maxItems: 10
  items: { type: object, required: [id], properties: { id: { type: integer }, tag: { type: string, maxLength: 8 } } }`;

describe("the agent view of a response that is not an object", () => {
  it("names an array root items, a scalar root value, and leaves object and untyped roots alone", () => {
    expect(viewRootName({ type: "array" }, {})).toBe("items");
    expect(viewRootName({ type: ["array", "null"] }, {})).toBe("items");
    expect(viewRootName({ $ref: "#/$defs/s" }, { s: { type: "string" } })).toBe("value");
    expect(viewRootName({ type: "object" }, {})).toBeUndefined();
    expect(viewRootName({ type: ["object", "null"] }, {})).toBeUndefined();
    expect(viewRootName({ allOf: [] }, {})).toBeUndefined();
    expect(viewedOutput({ type: "integer" }, "value")).toEqual({ type: "object", properties: { value: { type: "integer" } }, required: ["value"] });
  });

  it("selects item fields of an array root under items, closed, with the array's maxItems", async () => {
    const out = await compiled(spec(PETS, '["items[].id"]'));
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.tools[0]!.viewRoot).toBe("items");
    expect(out.tools[0]!.agentView).toMatchObject({
      type: "object",
      required: ["items"],
      additionalProperties: false,
      properties: { items: { type: "array", maxItems: 10, items: { type: "object", properties: { id: { type: "integer" } }, additionalProperties: false } } },
    });
    expect(out.files.find((f) => f.path === "probe/select.ts")!.content).toContain("return selectNamedRoot({ items: d });");
  });

  it("refuses a path that is not under the root name, and a check on a member the root does not have", async () => {
    const wrong = await compiled(spec(PETS, "[id]"));
    expect(wrong.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["TG301"]);
    const bound = await compiled(spec(PETS, '["items[].id"]', "checks:\n  - bind: { output: id, input: id }\n"));
    expect(bound.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toContain("TG310");
  });

  it("selects a scalar root whole as value", async () => {
    const out = await compiled(spec("  type: string\n  maxLength: 64", "[value]"));
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.tools[0]!.agentView).toMatchObject({ properties: { value: { type: "string", maxLength: 64 } }, required: ["value"] });
  });
});
