import { describe, expect, it } from "vitest";
import { initPaths, planInit } from "./init-plan.js";

const LAYOUT = { specs: "specs", out: "generated" };
const files = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));
const written = (plan: ReturnType<typeof planInit>): Record<string, string> => Object.fromEntries(plan.writes.map((w) => [w.path, w.content]));

describe("planInit", () => {
  it("plans every file for an empty directory, and asks only about those", () => {
    const plan = planInit(LAYOUT, new Map());
    expect(plan.writes.map((w) => w.path)).toEqual(initPaths(LAYOUT));
    expect(plan.conflicts).toEqual([]);
    expect(JSON.parse(written(plan)["package.json"]!)).toEqual({ private: true, type: "module", scripts: { gen: "toolgate gen", "gen:check": "toolgate gen --check" } });
  });

  it("plans nothing when its own plan is already applied", () => {
    const first = planInit(LAYOUT, new Map());
    const second = planInit(LAYOUT, files(written(first)));
    expect(second.writes).toEqual([]);
    expect(second.report.every((line) => line.startsWith("unchanged "))).toBe(true);
  });

  it("adds the scripts into an existing package.json without reformatting it, keeping a script of the same name", () => {
    const current = '{\n\t"name": "svc",\n\t"files": ["dist"],\n\t"scripts": { "gen": "make gen", "test": "vitest" }\n}\n';
    const plan = planInit(LAYOUT, files({ "package.json": current }));
    const text = written(plan)["package.json"]!;
    expect(JSON.parse(text)).toEqual({ name: "svc", files: ["dist"], scripts: { gen: "make gen", test: "vitest", "gen:check": "toolgate gen --check" } });
    expect(text).toContain('\t"files": ["dist"],\n');
    expect(plan.report).toContain('updated package.json (scripts gen:check); kept your own "gen" script; note: it has no "type": "module", which the generated code needs under NodeNext');
  });

  it("appends the linguist-generated line to .gitattributes once, after a missing final newline", () => {
    const plan = planInit(LAYOUT, files({ ".gitattributes": "*.png binary" }));
    expect(written(plan)[".gitattributes"]).toBe("*.png binary\ngenerated/** linguist-generated=true\n");
    const marked = planInit(LAYOUT, files({ ".gitattributes": "generated/**   linguist-generated\n" }));
    expect(written(marked)).not.toHaveProperty(".gitattributes");
  });

  it("conflicts on a differing example spec or hooks module and on a package.json that is not an object", () => {
    const plan = planInit(LAYOUT, files({ "specs/hooks.ts": "export {};\n", "package.json": "[1, 2]" }));
    expect(plan.conflicts).toEqual([
      "specs/hooks.ts exists and differs from what init writes; move it away or leave init out",
      "package.json is not a JSON object; fix it, then run init again",
    ]);
  });

  it("points the scripts, the modeline, the hooks import and .gitattributes at other directories", () => {
    const plan = written(planInit({ specs: "contracts/tools", out: "src/gen" }, new Map()));
    expect(JSON.parse(plan["package.json"]!).scripts.gen).toBe("toolgate gen --specs contracts/tools --out src/gen");
    expect(plan["contracts/tools/order_status.yaml"]!.split("\n")[0]).toBe("# yaml-language-server: $schema=../../node_modules/@toolgate/spec/toolspec.schema.json");
    expect(plan["contracts/tools/hooks.ts"]).toContain('from "../../src/gen/order_status/types.js";');
    expect(plan[".gitattributes"]).toBe("src/gen/** linguist-generated=true\n");
  });
});
