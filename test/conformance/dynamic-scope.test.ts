import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { compileThroughGen, loadDraft, type Draft, type GroupOutcome } from "../support/draft-suite.js";
import { generateProject } from "../support/generated-project.js";
import { compileTexts, scratchDir } from "../support/project.js";
import { wrongAnswers } from "../support/schema-suite.js";

/**
 * `$dynamicRef` resolved per path from the tool's fixed entry point, and 2019-09's `$recursiveRef`
 * upgraded to it (issue 12): the suite's groups on dynamic scope answer every test exactly, and so
 * do the patterns users write (a generic list, an extended tree), each beside Ajv's answers.
 */

const DYNAMIC: readonly [Draft, (key: string) => boolean][] = [
  ["draft2020-12", (key) => key.startsWith("dynamicRef.json")],
  ["draft2019-09", (key) => key.startsWith("recursiveRef.json") || key.includes("$recursiveRef") || key.includes("$recursiveAnchor")],
];

let scratch: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  scratch = await scratchDir("dynamic-scope");
});
afterAll(() => scratch.dispose());

describe.each(DYNAMIC)("the %s groups on dynamic scope, through toolgate gen", (draft, selected) => {
  const outcomes: GroupOutcome[] = [];
  beforeAll(async () => {
    const groups = (await loadDraft(draft)).filter((g) => selected(g.key));
    for (const [i, group] of groups.entries()) outcomes.push(await compileThroughGen(draft, group, join(scratch.dir, draft, String(i))));
  }, 120_000);

  it("compiles every group but those needing the suite's remote schemas, and answers every test right", () => {
    expect(outcomes.length).toBeGreaterThan(8);
    // The harness serves no remotes (localhost:1234), as Ajv's own run does not.
    const remote = (o: GroupOutcome): boolean => o.errors.every((e) => e.code === "TG203" && e.message.includes("http://localhost:1234/"));
    expect(outcomes.filter((o) => !o.validate && !remote(o)).map((o) => [o.group.key, o.errors.map((e) => `${e.code} ${e.message}`)])).toEqual([]);
    expect(outcomes.filter((o) => !o.validate).length).toBe(draft === "draft2020-12" ? 5 : 0);
    const compiled = outcomes.filter((o) => o.validate);
    expect(compiled.flatMap((o) => wrongAnswers(o.group, o.validate!))).toEqual([]);
  });
});

/** A spec whose output's properties are `$ref`s to the given schema files (under specs/schemas/). */
function spec(properties: Record<string, string>, dialect = "2020-12"): string {
  const props = Object.fromEntries(Object.entries(properties).map(([k, file]) => [k, { $ref: `schemas/${file}` }]));
  const output = { type: "object", required: ["ok"], properties: { ok: { type: "boolean" }, ...props } };
  return JSON.stringify({ tool: "t1", version: 1, description: "d", dialect, unknown_members: "ignore", input: { type: "object" }, output, agent_view: ["ok"] });
}

type Case = readonly [property: string, data: unknown];

/** The generated validator's answer and Ajv's (on the same files) for each case. */
async function answers(schemas: Record<string, object>, properties: Record<string, string>, cases: readonly Case[], dialect = "2020-12") {
  const files = Object.fromEntries(Object.entries(schemas).map(([name, s]) => [`specs/schemas/${name}`, JSON.stringify(s)]));
  const project = await generateProject("dynamic-scope", { "specs/t1.json": spec(properties, dialect), ...files });
  try {
    const { validateOutput } = await project.load<{ validateOutput: (d: unknown) => boolean }>("t1/validate.ts");
    const ajv = dialect === "2019-09" ? new Ajv2019({ strict: false }) : new Ajv2020({ strict: false });
    for (const [name, s] of Object.entries(schemas)) ajv.addSchema(s, `file:///specs/schemas/${name}`);
    const theirs = cases.map(([p, data]) => ajv.validate({ $ref: `file:///specs/schemas/${properties[p]}` }, data));
    return { ours: cases.map(([p, data]) => validateOutput({ ok: true, [p]: data })), theirs };
  } finally {
    await project.dispose();
  }
}

describe("patterns users write with $dynamicRef", () => {
  it("a generic list, bound to strings in one place and left open in another of the same tool", async () => {
    const schemas = {
      "list.json": { type: "array", items: { $dynamicRef: "#T" }, $defs: { T: { $dynamicAnchor: "T", description: "Any item." } } },
      "strings.json": { $ref: "list.json", $defs: { T: { $dynamicAnchor: "T", type: "string" } } },
    };
    const cases: Case[] = [["names", ["a", "b"]], ["names", ["a", 1]], ["any", ["a", 1]], ["any", "x"]];
    const { ours, theirs } = await answers(schemas, { names: "strings.json", any: "list.json" }, cases);
    expect(ours).toEqual([true, false, true, false]);
    // Ajv 8 honours a $dynamicAnchor only at a resource root, so it reads #T as the list itself.
    expect(theirs).toEqual([false, false, false, false]);
  });

  it("a tree extended into a strict tree: the extension applies at every depth", async () => {
    const schemas = {
      "tree.json": { $dynamicAnchor: "node", type: "object", properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } } },
      "strict-tree.json": { $dynamicAnchor: "node", $ref: "tree.json", unevaluatedProperties: false },
    };
    const deep = (leaf: object) => ({ children: [{ data: 1, children: [leaf] }] });
    const cases: Case[] = [["strict", deep({ data: 2 })], ["strict", deep({ daat: 2 })], ["loose", deep({ daat: 2 })], ["loose", deep({ children: 3 })]];
    const { ours, theirs } = await answers(schemas, { strict: "strict-tree.json", loose: "tree.json" }, cases);
    expect(ours).toEqual([true, false, true, false]);
    expect(ours).toEqual(theirs);
  });

  it("2019-09's $recursiveRef extends a tree the same way, and is a plain $ref without $recursiveAnchor", async () => {
    const schemas = {
      "tree.json": { $recursiveAnchor: true, type: "object", properties: { children: { type: "array", items: { $recursiveRef: "#" } } } },
      "strict-tree.json": { $recursiveAnchor: true, $ref: "tree.json", unevaluatedProperties: false },
      "plain.json": { $ref: "tree.json", properties: { n: { type: "integer" } } },
    };
    const cases: Case[] = [["strict", { children: [{ children: [] }] }], ["strict", { children: [{ x: 1 }] }], ["plain", { children: [{ x: 1, n: "s" }] }], ["plain", { n: "s" }]];
    const { ours, theirs } = await answers(schemas, { strict: "strict-tree.json", plain: "plain.json" }, cases, "2019-09");
    expect(ours).toEqual([true, false, true, false]);
    expect(ours).toEqual(theirs);
  });
});

describe("a $dynamicRef that cannot be resolved at compile time (TG233)", () => {
  it("names two anchors of one name in one resource", async () => {
    const schema = { $dynamicAnchor: "n", items: { $dynamicRef: "#n" }, $defs: { a: { $dynamicAnchor: "n" } } };
    const out = await compileTexts({ "specs/t1.json": spec({ v: "a.json" }), "specs/schemas/a.json": JSON.stringify(schema) });
    expect(out.diagnostics.map((d) => `${d.code} ${d.file} ${d.message}`)).toEqual([
      'TG233 specs/schemas/a.json $dynamicRef "#n" cannot be resolved at compile time: 2 schemas of one schema resource declare $dynamicAnchor "n"',
    ]);
  });

  it("ends, with the reason, when the dynamic scopes multiply past the copy budget", async () => {
    // Each level can enter a resource declaring its own anchor or one that does not: 2^n scopes.
    const n = 9;
    const files: Record<string, string> = { "specs/t1.json": spec({ v: "s1.json" }) };
    for (let i = 1; i <= n; i++) {
      const next = i < n ? { properties: { x: { $ref: `s${i + 1}.json` }, y: { $ref: `t${i + 1}.json` } } } : { items: { $dynamicRef: "s1.json#a1" } };
      files[`specs/schemas/s${i}.json`] = JSON.stringify({ $dynamicAnchor: `a${i}`, ...next });
      files[`specs/schemas/t${i}.json`] = JSON.stringify(next);
    }
    const out = await compileTexts(files);
    expect(out.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^TG233 \$ref "[st]\d\.json" cannot be resolved at compile time: bundling a copy per dynamic scope needs more than 200 copies$/),
    ]);
  });
});
