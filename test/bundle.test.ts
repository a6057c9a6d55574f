import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileTexts } from "./support/project.js";

describe("$ref bundling", () => {
  it("resolves a recursive definition declared inside the input schema", async () => {
    const out = await compileTexts({ "specs/tree.yaml": readFileSync(new URL("./fixtures/specs/recursive-input.yaml", import.meta.url), "utf8") });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const types = out.files.find((f) => f.path === "tree/types.ts")!.content;
    // json-schema-to-typescript may number copies of a recursive type (Node1, …); the shape is what counts.
    expect(types).toMatch(/children\?: Node\d*\[\];/);
    expect(types).toMatch(/root: Node\d*;/);
  });

  it("reports a ref into a missing local definition at the ref", async () => {
    const text = readFileSync(new URL("./fixtures/specs/recursive-input.yaml", import.meta.url), "utf8").replace("items: { $ref: \"#/$defs/node\" }", "items: { $ref: \"#/$defs/leaf\" }");
    const out = await compileTexts({ "specs/tree.yaml": text });
    expect(out.diagnostics).toMatchObject([{ code: "TG202", file: "specs/tree.yaml", line: 15 }]);
  });
});
