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

/** The gate's diagnostics (TG6xx); the probe spec has a warning of its own. */
const gateOf = <D extends { code: string }>(out: { diagnostics: readonly D[] }): D[] => out.diagnostics.filter((d) => d.code.startsWith("TG6"));
const codesOf = (out: { diagnostics: readonly { code: string }[] }): string[] => gateOf(out).map((d) => d.code).sort();

describe("breaking changes need a version bump", () => {
  const breaking: [string, Parameters<typeof spec>[1], string, RegExp][] = [
    ["an agent-view field removed", { view: "id" }, "TG610", /agent_view\.decision was removed/],
    ["an enum value added to the view and the output", { decision: "approved, rejected, pending" }, "TG612", /agent_view\.decision now allows "pending"/],
    ["an optional field added to the agent view", { view: "id, decision, note" }, "TG611", /agent_view\.note was added/],
    ["an input field removed", { input: "" }, "TG624", /input\.mode was removed/],
    ["an input enum value removed", { input: "    mode: { enum: [fast] }" }, "TG621", /input\.mode no longer allows "full"/],
    ["a new required input field", { required: "id, mode" }, "TG620", /input\.mode is now required/],
    ["an output enum value removed", { decision: "approved" }, "TG641", /output\.decision no longer allows "rejected"/],
  ];

  it.each(breaking)("reports %s under the same version (TG601 at the version line, the change at its own)", async (_name, change, code, detail) => {
    const out = await recompile(spec(1), spec(1, change));
    expect(out.files).toEqual([]);
    const errors = errorsOf(out);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "TG601", file: "specs/probe.yaml", line: 2, column: 1 });
    expect(errors[0]!.message).toMatch(detail);
    expect(errors[0]!.message).toContain(`(${code})`);
    expect(out.diagnostics.find((d) => d.code === code)).toMatchObject({ severity: "info", file: "specs/probe.yaml" });
  });

  it.each(breaking)("accepts %s with a version bump, still reporting it", async (_name, change, code) => {
    const out = await recompile(spec(1), spec(2, change));
    expect(errorsOf(out)).toEqual([]);
    expect(codesOf(out)).toContain(code);
  });

  it("accepts compatible changes under the same version, reporting them as info", async () => {
    const widened = await recompile(spec(1), spec(1, { input: "    mode: { enum: [fast, full, auto] }" }));
    expect(errorsOf(widened)).toEqual([]);
    expect(codesOf(widened)).toEqual(["TG625"]);
    const unchanged = await recompile(spec(1), spec(1));
    expect(gateOf(unchanged)).toEqual([]);
  });

  it("rejects a version that goes down", async () => {
    const out = await recompile(spec(3), spec(2));
    expect(errorsOf(out)).toMatchObject([{ code: "TG602" }]);
  });

  it("compares a format-1 manifest (shapes only) by version alone", async () => {
    const old = JSON.stringify({ generated_by: "toolgate", format: 1, tools: [{ tool: "probe", version: 1, contract: { input: { types: ["object"] } } }] });
    const same = await compile({ files: new Map([["specs/probe.yaml", spec(1, { view: "id" })]]), specs: ["specs/probe.yaml"], previousManifest: old });
    expect(gateOf(same)).toEqual([]);
    const down = await compile({ files: new Map([["specs/probe.yaml", spec(1)]]), specs: ["specs/probe.yaml"], previousManifest: old.replace('"version":1', '"version":2') });
    expect(errorsOf(down)).toMatchObject([{ code: "TG602" }]);
  });

  it("compares a hand-edited contract it cannot read by version alone, with warning TG657 naming the tool", async () => {
    const good = JSON.parse(await manifestOf(spec(1))) as { tools: { contract: Record<string, unknown> }[] };
    for (const broken of [{ input: 1 }, { ...good.tools[0]!.contract, errors: [null] }, { ...good.tools[0]!.contract, limits: {} }, "x"]) {
      const manifest = JSON.stringify({ ...good, tools: [{ ...good.tools[0], contract: broken }] });
      const out = await compile({ files: new Map([["specs/probe.yaml", spec(1, { view: "id" })]]), specs: ["specs/probe.yaml"], previousManifest: manifest });
      expect(gateOf(out).map((d) => [d.code, d.severity, d.file, d.message])).toEqual([
        ["TG657", "warning", "generated/toolgate.manifest.json", 'the manifest "generated/toolgate.manifest.json" records no readable contract for "probe": compared by version only'],
      ]);
    }
  });

  it.each([
    ["not JSON", "<<<<<<< HEAD\n{}", "TG655", /cannot be read: it is not JSON/],
    ["tools not a list", '{"format":2,"tools":{"a":1}}', "TG655", /cannot be read: it is not a toolgate manifest/],
    ["an entry without a version", '{"format":2,"tools":[{"tool":"probe"}]}', "TG655", /not a toolgate manifest/],
    ["a format from a newer toolgate", '{"format":3,"tools":[]}', "TG656", /has format 3; this toolgate reads formats 1, 2/],
    ["no format", '{"tools":[]}', "TG656", /has format null/],
  ])("refuses a manifest that is %s with an error, not a silent pass", async (_name, manifest, code, message) => {
    const out = await compile({ files: new Map([["specs/probe.yaml", spec(1)]]), specs: ["specs/probe.yaml"], previousManifest: manifest, outDir: "out" });
    expect(errorsOf(out).map((d) => [d.code, d.file, d.line])).toEqual([[code, "out/toolgate.manifest.json", 1]]);
    expect(errorsOf(out)[0]!.message).toMatch(message);
    expect(out.files).toEqual([]);
  });

  it("warns when a tool the manifest records is gone (TG603) and reports a new one (TG604)", async () => {
    const manifest = await manifestOf(spec(1));
    const renamed = spec(1).replace("tool: probe", "tool: probe_two");
    const out = await compile({ files: new Map([["specs/probe_two.yaml", renamed]]), specs: ["specs/probe_two.yaml"], previousManifest: manifest });
    expect(errorsOf(out)).toEqual([]);
    expect(gateOf(out).map((d) => [d.code, d.severity, d.file]).sort()).toEqual([
      ["TG603", "warning", "specs/probe.yaml"],
      ["TG604", "info", "specs/probe_two.yaml"],
    ]);
  });
});

describe("a renamed tool (TG658) is one change, not a removal plus an addition", () => {
  const routed = (tool: string, version: number, path = "/probes/{id}"): string =>
    spec(version).replace("tool: probe", `tool: ${tool}`) + `upstream:\n  kind: http\n  method: GET\n  path: ${path}\n`;
  const renamed = async (before: [string, string], after: [string, string]) =>
    compile({ files: new Map([after]), specs: [after[0]], previousManifest: await (async () => {
      const out = await compile({ files: new Map([before]), specs: [before[0]] });
      return out.files.find((f) => f.path === MANIFEST_PATH)!.content;
    })() });

  it("names both tools when the same spec file now declares another name, breaking unless bumped", async () => {
    const out = await renamed(["specs/probe.yaml", routed("probe", 1)], ["specs/probe.yaml", routed("probe_check", 1)]);
    expect(codesOf(out)).toEqual(["TG601", "TG658"]);
    expect(gateOf(out).find((d) => d.code === "TG658")!.message).toBe('tool renamed: "probe" → "probe_check" in the same spec file specs/probe.yaml (agents calling "probe" find no tool)');
    const bumped = await renamed(["specs/probe.yaml", routed("probe", 1)], ["specs/probe.yaml", routed("probe_check", 2)]);
    expect(errorsOf(bumped)).toEqual([]);
    expect(codesOf(bumped)).toEqual(["TG658"]);
  });

  it("pairs a tool moved to another file by its upstream call, and compares its contract too", async () => {
    const moved = routed("probe_check", 1).replace("enum: [approved, rejected]", "enum: [approved]");
    const out = await renamed(["specs/probe.yaml", routed("probe", 1)], ["specs/probe_check.yaml", moved]);
    expect(codesOf(out)).toEqual(["TG601", "TG614", "TG641", "TG658"]);
    expect(gateOf(out).find((d) => d.code === "TG658")!.message).toMatch(/"probe" → "probe_check" calling the same upstream operation/);
  });

  it("keeps a removal and an addition when nothing ties the two tools", async () => {
    const out = await renamed(["specs/probe.yaml", routed("probe", 1)], ["specs/other.yaml", routed("other", 1, "/others/{id}")]);
    expect(codesOf(out)).toEqual(["TG603", "TG604"]);
  });
});
