import { describe, expect, it } from "vitest";
import { mcpTools } from "../generated/definitions.js";
import { summary } from "./support/definitions.js";
import { compileTexts } from "./support/project.js";

/** A spec with optional `effects:` and retry class, returning its diagnostics and its MCP annotations. */
async function compileEffects(effects: string | undefined, retryClass: string | undefined) {
  const lines = [
    "tool: get_build",
    "version: 1",
    "description: Reports the outcome of one build. Changes nothing.",
    "input: { type: object, properties: { id: { type: string } } }",
    "output: { type: object, required: [id], properties: { id: { type: string } } }",
    "agent_view: [id]",
    ...(effects === undefined ? [] : [`effects: ${effects}`]),
    ...(retryClass === undefined ? [] : [`retry: { class: ${retryClass} }`]),
  ];
  const out = await compileTexts({ "specs/get_build.yaml": `${lines.join("\n")}\n` });
  const definitions = out.files.find((f) => f.path === "get_build/definitions.ts")?.content ?? "";
  const annotations = /annotations: \{([^}]*)\}/.exec(definitions)?.[1]?.replace(/\s+/g, " ").trim();
  return { diagnostics: summary(out.diagnostics, ["TG520", "TG521"]), annotations };
}

describe("declared effects", () => {
  it("drive the MCP annotations, independently of the retry class", async () => {
    expect((await compileEffects("read_only", "idempotent")).annotations).toBe("readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false,");
    expect((await compileEffects("additive", "unsafe")).annotations).toBe("readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false,");
    expect((await compileEffects("destructive", "idempotent")).annotations).toBe("readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false,");
  });

  it("default to read_only for a safe tool and to destructive otherwise", async () => {
    expect((await compileEffects(undefined, "safe")).annotations).toMatch(/^readOnlyHint: true, destructiveHint: false/);
    expect((await compileEffects(undefined, "idempotent")).annotations).toMatch(/^readOnlyHint: false, destructiveHint: true/);
    expect((await compileEffects(undefined, undefined)).annotations).toMatch(/^readOnlyHint: false, destructiveHint: true/);
  });

  it("are an error when they write under retry class safe, and a warning when read_only is unsafe", async () => {
    expect((await compileEffects("destructive", "safe")).diagnostics).toEqual(["TG520 7:1 effects: destructive contradicts retry class safe, which says the tool only reads"]);
    expect((await compileEffects("additive", "safe")).diagnostics).toHaveLength(1);
    expect((await compileEffects("read_only", "unsafe")).diagnostics).toEqual(["TG521 7:1 effects: read_only with retry class unsafe: a read-only call repeats harmlessly"]);
    expect((await compileEffects("read_only", "safe")).diagnostics).toEqual([]);
  });

  it("make build_status, a GET that changes nothing, read-only", () => {
    const build = mcpTools.find((t) => t.name === "build_status");
    expect(build?.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  });
});
