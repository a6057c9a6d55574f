import { compile } from "@toolgate/compiler";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/project.js";
import { blocker, checkCase, compare, judged } from "./harness/check-case.js";
import { CORPUS_DIR, loadCorpus, type CorpusFile } from "./harness/corpus.js";
import { nearMisses } from "./harness/mutate.js";
import { runCorpus } from "./harness/pool.js";
import { referenceFor } from "./harness/reference.js";
import { at, caseProject, dialectValue, SPEC_PATH, VIEW_PROBE, viewPath, WRAPPER } from "./harness/spec.js";

/** The real-world harness's parts, each on small inputs; the corpus run is real-world.test.ts. */

const file = (draft: CorpusFile["draft"], schema: unknown): CorpusFile => ({
  name: "unit",
  draft,
  documents: { "doc.json": schema },
  cases: [{ id: "root", document: "doc.json", pointer: "", instances: [] }],
});

describe("the corpus", () => {
  it("names every corpus file in SOURCES.md, and every case's pointer resolves in its document", async () => {
    const corpus = await loadCorpus();
    const sources = await readFile(join(CORPUS_DIR, "SOURCES.md"), "utf8");
    expect(corpus.filter((f) => !sources.includes(f.name)).map((f) => f.name)).toEqual([]);
    const unresolved = corpus.flatMap((f) => f.cases.filter((c) => at(f.documents[c.document], c.pointer) === undefined).map((c) => `${f.name} ${c.id}`));
    expect(unresolved).toEqual([]);
    expect(corpus.reduce((n, f) => n + f.cases.length, 0)).toBe(219);
  });
});

describe("near misses", () => {
  it("drop, retype and add members at the root and one level down, in a fixed order", () => {
    const misses = nearMisses({ origin: "x", data: { b: 1, a: "s", o: { k: true } } });
    expect(misses.map((m) => m.origin)).toEqual([
      "x drop /a", "x drop /b", "x drop /o", "x retype /a", "x retype /b", "x retype /o", "x add /toolgate_extra_member",
      "x drop /o/k", "x retype /o/k", "x add /o/toolgate_extra_member", "x retype /",
    ]);
    expect(misses[3]!.data).toEqual({ b: 1, a: 12345, o: { k: true } });
    expect(misses[8]!.data).toEqual({ b: 1, a: "s", o: { k: "not-a-boolean" } });
  });

  it("retype a root that is not an object", () => {
    expect(nearMisses({ origin: "x", data: [1] })).toEqual([{ origin: "x retype /", data: { not: "an array" } }]);
  });
});

describe("the reference", () => {
  it("judges in the schema's own draft: draft-04's boolean exclusiveMinimum, 2020-12's prefixItems", () => {
    const d4 = referenceFor(file("draft-04", { type: "number", minimum: 5, exclusiveMinimum: true }))("doc.json", "");
    expect([d4(5), d4(6)]).toEqual([false, true]);
    const d2020 = referenceFor(file("2020-12", { prefixItems: [{ type: "string" }], items: false }))("doc.json", "");
    expect([d2020(["a"]), d2020(["a", 1]), d2020([1])]).toEqual([true, false, false]);
  });

  it("resolves refs between sibling documents relative to the referring file", () => {
    const two: CorpusFile = { ...file("draft-07", { $ref: "other.json#/definitions/n" }), documents: { "doc.json": { $ref: "other.json#/definitions/n" }, "other.json": { definitions: { n: { type: "number" } } } } };
    const validate = referenceFor(two)("doc.json", "");
    expect([validate(1), validate("1")]).toEqual([true, false]);
  });
});

describe("the reference asserts formats", () => {
  it("as toolgate's validators do, so a format inside oneOf means the same on both sides", () => {
    const validate = referenceFor(file("draft-07", { oneOf: [{ type: "string", format: "uri" }, { enum: [""] }] }))("doc.json", "");
    expect([validate(""), validate("https://example.com/"), validate("not a uri")]).toEqual([true, true, false]);
  });
});

describe("judging a validator", () => {
  const c = { id: "c", document: "doc.json", pointer: "", instances: [{ origin: "ex", data: { a: 1 } }] };
  const reference = (d: unknown): boolean => typeof d === "object" && d !== null && !Array.isArray(d) && typeof (d as { a?: unknown }).a === "number";
  const row = { file: "unit", draft: "draft-07", id: "c", status: "compiled" as const, blockers: [] };

  it("counts an instance accepted against the reference as a wrong accept, and one refused as a wrong reject", () => {
    const cases = judged(c, reference);
    expect(cases.filter((x) => !x.valid).length).toBeGreaterThan(0);
    const lax = compare(row, cases, () => true);
    expect(lax.wrongAccepts).toEqual(cases.filter((x) => !x.valid).map((x) => x.instance.origin));
    const strict = compare(row, cases, () => false);
    expect(strict.wrongRejects).toEqual(cases.filter((x) => x.valid).map((x) => x.instance.origin));
    expect(compare(row, cases, reference)).toMatchObject({ checked: cases.length, wrongAccepts: [], wrongRejects: [] });
  });

  it("records a validator that throws as a crash", () => {
    const thrown = compare(row, judged(c, reference), () => {
      throw new RangeError("boom");
    });
    expect(thrown).toMatchObject({ status: "crashed", blockers: ["validator threw on ex"] });
  });
});

describe("spec building", () => {
  it("passes dialect only when the spec format has the key and an OpenAPI value for the draft", () => {
    const withKey = { properties: { dialect: { enum: ["json-schema", "openapi-3.0", "openapi-3.1"] } } };
    expect(dialectValue(withKey, "openapi-3.0")).toBe("openapi-3.0");
    expect(dialectValue(withKey, "openapi-3.1")).toBe("openapi-3.1");
    expect(dialectValue(withKey, "draft-07")).toBeUndefined();
    expect(dialectValue({ properties: {} }, "openapi-3.0")).toBeUndefined();
  });

  it("views the first declared scalar member of the case's root, through $ref and allOf", () => {
    const doc = { definitions: { r: { allOf: [{ $ref: "#/definitions/base" }], properties: { z: { type: "object" } } }, base: { properties: { b: { $ref: "#/definitions/s" }, a: { type: "array" } } }, s: { enum: [1] } } };
    expect(viewPath(doc, "/definitions/r")).toBe("b");
    expect(viewPath({ type: "string" }, "")).toBeUndefined();
    expect(viewPath({ properties: { o: { type: "object" } } }, "")).toBeUndefined();
  });

  it("puts a root with no scalar member under `value`, beside the view probe, and the project compiles", async () => {
    const union = file("draft-07", { oneOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "array" }] });
    const project = caseProject(union, union.cases[0]!, undefined);
    const spec = JSON.parse(project.get(SPEC_PATH)!) as { output: unknown; agent_view: string[] };
    expect(spec).toMatchObject({ output: { required: [WRAPPER], properties: { [WRAPPER]: { $ref: "./schemas/doc.json" }, [VIEW_PROBE]: { type: "string" } } }, agent_view: [VIEW_PROBE] });
    const out = await compile({ files: project, specs: [SPEC_PATH] });
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("judges a wrapped array root's instances as Ajv does", async () => {
    const list = file("draft-07", { type: "array", items: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } });
    const c = { ...list.cases[0]!, instances: [{ origin: "good", data: [{ n: 1 }] }, { origin: "bad", data: [{ n: "1" }] }] };
    const row = await checkCase(list, c, join(repoRoot, "test", ".scratch", `real-world-wrap-${process.pid}`), undefined);
    expect(row).toMatchObject({ status: "compiled", wrongAccepts: [], wrongRejects: [] });
    expect(row.invalid).toBeGreaterThan(0);
  });

  it("classifies a diagnostic by code and the keyword or name it is about", () => {
    expect(blocker({ code: "TG218", message: 'unknown keyword "nullable"' })).toBe("TG218 nullable");
    expect(blocker({ code: "TG213", message: 'pattern "(a+)+" can backtrack catastrophically (ReDoS)' })).toBe("TG213 pattern");
    expect(blocker({ code: "TG211", message: "keyword $dynamicRef is not supported" })).toBe("TG211 $dynamicRef");
    expect(blocker({ code: "TG210", message: "invalid JSON Schema: items must be object,boolean" })).toBe("TG210 items must be object,boolean");
  });
});

describe("the pool", () => {
  it("records a case that outlives its budget as a timeout, and goes on with a fresh worker", async () => {
    const corpus = await loadCorpus();
    const scratch = join(repoRoot, "test", ".scratch", `real-world-pool-${process.pid}`);
    const rows = await runCorpus(corpus, scratch, { timeoutMs: 1, heapMb: 512, workers: 1 }, (f) => f.name === "jsonresume");
    expect(rows.map((r) => [r.id, r.status])).toEqual([["resume", "timeout"], ["job", "timeout"]]);
  }, 120_000);
});
