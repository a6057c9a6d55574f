import { compile, MANIFEST_PATH } from "@toolgate/compiler";
import { describe, expect, it } from "vitest";

const spec = (version: number, changes: { input?: string; view?: string; decision?: string; required?: string } = {}): string => `tool: probe
version: ${version}
description: Compatibility probe.
input:
  type: object
  required: [${changes.required ?? "id"}]
  properties:
    id: { type: string, maxLength: 8 }
${changes.input ?? "    mode: { enum: [fast, full] }"}
output:
  type: object
  required: [id, decision]
  properties:
    id: { type: string, maxLength: 8 }
    decision: { enum: [${changes.decision ?? "approved, rejected"}] }
    note: { type: string }
agent_view: [${changes.view ?? "id, decision"}]
`;

async function manifestOf(text: string): Promise<string> {
  const out = await compile({ files: new Map([["specs/probe.yaml", text]]), specs: ["specs/probe.yaml"] });
  const file = out.files.find((f) => f.path === MANIFEST_PATH);
  if (!file) throw new Error(out.diagnostics.map((d) => d.message).join("\n"));
  return file.content;
}

const errorsOf = <D extends { severity: string }>(out: { diagnostics: readonly D[] }): D[] => out.diagnostics.filter((d) => d.severity === "error");

const recompile = async (before: string, after: string) =>
  compile({ files: new Map([["specs/probe.yaml", after]]), specs: ["specs/probe.yaml"], previousManifest: await manifestOf(before) });

describe("breaking changes need a version bump", () => {
  const breaking: [string, Parameters<typeof spec>[1], RegExp][] = [
    ["an agent-view field removed", { view: "id" }, /agent view decision was removed/],
    ["an enum value added to the agent view", { decision: "approved, rejected, pending" }, /agent view decision gained values/],
    ["an optional field added to the agent view", { view: "id, decision, note" }, /agent view note was added \(readers of the closed view reject it\)/],
    ["an input field removed", { input: "" }, /input mode was removed/],
    ["an input enum value removed", { input: "    mode: { enum: [fast] }" }, /input mode dropped allowed values/],
    ["a new required input field", { required: "id, mode" }, /input mode became required/],
  ];

  it.each(breaking)("reports %s under the same version (TG601 at the version line)", async (_name, change, detail) => {
    const out = await recompile(spec(1), spec(1, change));
    expect(out.files).toEqual([]);
    const errors = errorsOf(out);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "TG601", file: "specs/probe.yaml", line: 2, column: 1 });
    expect(errors[0]!.message).toMatch(detail);
  });

  it.each(breaking)("accepts %s with a version bump", async (_name, change) => {
    const out = await recompile(spec(1), spec(2, change));
    expect(errorsOf(out)).toEqual([]);
  });

  it("accepts compatible changes under the same version", async () => {
    const widened = await recompile(spec(1), spec(1, { input: "    mode: { enum: [fast, full, auto] }" }));
    expect(errorsOf(widened)).toEqual([]);
    const narrowedView = await recompile(spec(1), spec(1, { decision: "approved" }));
    expect(errorsOf(narrowedView)).toEqual([]);
  });

  it("rejects a version that goes down", async () => {
    const out = await recompile(spec(3), spec(2));
    expect(errorsOf(out)).toMatchObject([{ code: "TG602" }]);
  });
});
