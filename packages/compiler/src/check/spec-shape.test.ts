import { Ajv } from "ajv";
import { specShapeSchema } from "@toolgate/spec";
import { describe, expect, it } from "vitest";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { loadDocument } from "../load/document.js";
import { checkSpecShape } from "./spec-shape.js";

const VALID = ["tool: t1", "version: 1", "description: Reads one thing.", "input: { type: object }", "output: { type: object }", "agent_view: [id]"];

/** Loads `lines` as specs/t.yaml and returns each finding as `code line:column message`. */
function shape(lines: string[]): string[] {
  const { document } = loadDocument("specs/t.yaml", `${lines.join("\n")}\n`);
  const sink = new DiagnosticCollector();
  checkSpecShape(document!, sink);
  return sink.diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);
}

describe("checkSpecShape", () => {
  it("compiles a spec shape that passes the draft-07 meta-schema (its validator skips that check at start)", () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    expect(ajv.validateSchema(specShapeSchema), JSON.stringify(ajv.errors)).toBe(true);
  });

  it("accepts a minimal spec", () => {
    expect(shape(VALID)).toEqual([]);
  });

  it("rejects a document that is not a mapping (TG103)", () => {
    expect(shape(["- tool: t1"]).map((d) => d.split(" ")[0])).toEqual(["TG103"]);
  });

  it("points an unknown key at the key itself (TG111)", () => {
    expect(shape([...VALID, "colour: red"])).toEqual([expect.stringMatching(/^TG111 7:1 .*"colour"/)]);
  });

  it("points a missing key at the object that lacks it (TG112)", () => {
    expect(shape(VALID.filter((l) => !l.startsWith("description")))).toEqual([expect.stringMatching(/^TG112 1:1 .*"description"/)]);
  });

  it("reports a check with two kinds once, at that check (TG113)", () => {
    const found = shape([...VALID, "checks:", "  - bind: id", "  - { bind: id, hook: h }"]);
    expect(found).toEqual([expect.stringMatching(/^TG113 9:5 .*checks\.1.*exactly one of bind, fresh or hook/)]);
  });

  it("reports a value of the wrong type at that value, without the `if` noise", () => {
    const found = shape(VALID.map((l) => (l.startsWith("version") ? "version: one" : l)));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.startsWith("TG113 2:"))).toBe(true);
  });
});
