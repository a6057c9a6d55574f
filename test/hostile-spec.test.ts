import type { CompileOutput } from "@toolgate/compiler";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BREAKOUT_VALUES, HUGE, LONE_SURROGATE, SELECTABLE_NAMES, SHORT_HOSTILE, UNSELECTABLE_NAMES } from "./support/hostile-corpus.js";
import { BIND_FIELD, CANARY, expectedView, HOSTILE_PATH, hostileInput, hostilePayload, hostileSpec, intersectionRootSpec, namingSpec, OPTIONAL_ABSENT } from "./support/hostile-spec.js";
import { positionOf } from "./support/position.js";
import { compileTexts, repoRoot, scratchDir } from "./support/project.js";
import { interfaceMembers, literalTexts, parseSource, protoKeys, typeCheck } from "./support/typecheck.js";

/**
 * Codegen injection (reliability.md §3, goal 7): every spec field that reaches generated code holds
 * strings that broke out of other generators. The output must compile cleanly, do nothing on import,
 * and carry every string as data.
 */

interface Trap {
  pwn?: () => void;
  __pwned?: number;
}
const trap = globalThis as typeof globalThis & Trap;

// Tool names are restricted to ^[a-z][a-z0-9_]*$, but reserved words and Object.prototype members fit.
const SPECS = {
  "specs/hostile.json": JSON.stringify(hostileSpec("hostile")),
  "specs/constructor.json": JSON.stringify(namingSpec("constructor")),
  "specs/delete.json": JSON.stringify(namingSpec("delete")),
  // Named like the runtime helper its own route imports.
  "specs/path_segment.json": JSON.stringify({ ...namingSpec("path_segment"), upstream: { path: "/x" } }),
  // Its output type is an intersection; user types are named like its generated names.
  "specs/union_root.json": JSON.stringify(intersectionRootSpec("union_root")),
};

let out: CompileOutput;
let scratch: { dir: string; dispose: () => Promise<void> };
const tsFiles = (): string[] => out.files.filter((f) => f.path.endsWith(".ts")).map((f) => join(scratch.dir, f.path));

beforeAll(async () => {
  out = await compileTexts(SPECS);
  scratch = await scratchDir("hostile");
  for (const file of out.files) {
    await mkdir(dirname(join(scratch.dir, file.path)), { recursive: true });
    await writeFile(join(scratch.dir, file.path), file.content, "utf8");
  }
});

afterAll(async () => {
  await scratch.dispose();
  delete trap.pwn;
  delete trap.__pwned;
});

describe("a spec made of breakout strings", () => {
  it("compiles without errors", () => {
    expect(out.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(out.files.map((f) => f.path)).toEqual(expect.arrayContaining(["hostile/adapter.ts", "hostile/select.ts", "hostile/types.ts", "hostile/validate.ts", "index.ts"]));
  });

  it("produces TypeScript that type-checks with zero diagnostics", () => {
    expect(typeCheck(tsFiles())).toEqual([]);
  });

  it("writes files that read back byte for byte: no lone surrogate anywhere, no raw U+2028/U+2029 in TS", async () => {
    const unpaired = (text: string) => /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
    for (const file of out.files) {
      expect(await readFile(join(scratch.dir, file.path), "utf8"), file.path).toBe(file.content);
      expect(unpaired(file.content), file.path).toBe(false);
      // TypeScript reads them as line breaks, which end a string literal.
      if (file.path.endsWith(".ts")) expect(/[\u2028\u2029]/.test(file.content), file.path).toBe(false);
    }
  });

  it("carries every hostile string as a literal that decodes to the original", () => {
    const literals = new Set(out.files.filter((f) => f.path.endsWith(".ts")).flatMap((f) => literalTexts(parseSource(f.path, f.content))));
    const expected = [...SELECTABLE_NAMES, ...UNSELECTABLE_NAMES, ...BREAKOUT_VALUES, SHORT_HOSTILE, HUGE, LONE_SURROGATE];
    expect(expected.filter((text) => !literals.has(text))).toEqual([]);
  });

  it("gives the tool's own types their names, whatever the spec's $defs and titles are called", () => {
    const spec = hostileSpec("hostile") as { input: { properties: object }; output: { properties: object } };
    const types = out.files.find((f) => f.path === "hostile/types.ts")!;
    const declared = interfaceMembers(parseSource(types.path, types.content));
    const membersOf = (name: string) => declared.filter(([n]) => n === name).map(([, members]) => members.sort());
    expect(membersOf("HostileInput")).toEqual([Object.keys(spec.input.properties).sort()]);
    expect(membersOf("HostileOutput")).toEqual([Object.keys(spec.output.properties).sort()]);
    expect(membersOf("HostileAgentView")).toEqual([[...Object.keys(expectedView()), OPTIONAL_ABSENT].sort()]);
    expect(types.content.match(/^export type HostileResult = .*/gm)).toEqual(["export type HostileResult = AgentResult<HostileAgentView>;"]);
    expect(types.content.match(/^import .*/gm)).toEqual(['import type { AgentResult } from "@toolgate/runtime";']);
    const union = out.files.find((f) => f.path === "union_root/types.ts")!.content;
    expect(union.match(/^export type UnionRootOutput = .*/gm)).toEqual(["export type UnionRootOutput = ToolgateOutput & ToolgateOutput1;"]);
  });

  it("never writes a non-computed __proto__ key in an object literal", async () => {
    const committed = await generatedTree();
    const sources = [...out.files, ...committed].filter((f) => f.path.endsWith(".ts"));
    expect(sources.flatMap((f) => protoKeys(parseSource(f.path, f.content)))).toEqual([]);
  });

  it("does nothing on import", async () => {
    trap.pwn = () => {
      trap.__pwned = 1;
    };
    delete trap.__pwned;
    const modules = await Promise.all(["index.ts", "lazy.ts", "hostile/adapter.ts", "hostile/types.ts"].map((p) => import(join(scratch.dir, p))));
    expect(trap.__pwned).toBeUndefined();
    expect(Object.keys(modules[0].adapters).sort()).toEqual(["constructor", "delete", "hostile", "path_segment", "union_root"]);
    expect(modules[0].pathSegmentRoute.pathFor({})).toBe("/x");
    expect([modules[0].isToolName("constructor"), modules[0].isToolName("toString"), modules[0].isToolName("__proto__")]).toEqual([true, false, false]);
  });

  it("gives the agent exactly the allowlisted hostile keys with their original values", async () => {
    const { hostile } = await import(join(scratch.dir, "hostile/adapter.ts"));
    const started = hostile.call(hostileInput());
    expect(started.ok).toBe(true);
    const result = hostile.adapt(JSON.stringify(hostilePayload()), started.call);
    expect(result).toStrictEqual({ tool: "hostile", request_id: started.call.request_id, outcome: "success", data: expectedView() });
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect(JSON.stringify(result)).not.toContain(CANARY);
    expect(hostile.fail(started.call, "HOSTILE_FAILURE").error.message).toBe(SHORT_HOSTILE);
    expect(trap.__pwned).toBeUndefined();
  });

  it("builds the route from the hostile field as one encoded segment and the literal text as it was written", async () => {
    const { hostileRoute } = await import(join(scratch.dir, "hostile/adapter.ts"));
    expect(hostileRoute.pathFor({ [BIND_FIELD]: "a/b?c" })).toBe(HOSTILE_PATH.replace(`{${BIND_FIELD}}`, "a%2Fb%3Fc"));
    expect(hostileRoute.operation).toBe("hostile_op");
    expect(trap.__pwned).toBeUndefined();
  });
});

describe("reserved property names", () => {
  const specWith = (lines: readonly string[]): string =>
    ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", "    id: { type: string, format: uuid }", ...lines, "agent_view: [id]", ""].join("\n");
  const OBJECT_PROTOTYPE_MEMBERS = ["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toString", "toLocaleString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"];

  // Fields like any other (test/reserved-names.test.ts runs them through the adapter)…
  it.each(["__proto__", "constructor", "prototype", ...OBJECT_PROTOTYPE_MEMBERS.filter((n) => n !== "hasOwnProperty")])("compiles %s as a field", async (name) => {
    const result = await compileTexts({ "specs/a.yaml": specWith([`    ${name}: { type: string }`]) });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.files.map((f) => f.path)).toContain("t1/validate.ts");
  });

  // …except the one json-schema-to-typescript cannot type.
  it("rejects hasOwnProperty with TG215 at its key", async () => {
    const text = specWith(["    hasOwnProperty: { type: string }"]);
    const result = await compileTexts({ "specs/a.yaml": text });
    const at = positionOf("specs/a.yaml", text, "hasOwnProperty:");
    expect(result.files).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.message])).toEqual([
      ["TG215", "error", at.file, at.line, at.column, 'property name "hasOwnProperty" is reserved'],
    ]);
  });

  it("accepts a $defs entry named hasOwnProperty (the pool key is renamed)", async () => {
    const text = specWith(['    other: { $ref: "#/$defs/hasOwnProperty" }', "  $defs:", "    hasOwnProperty: { type: string }"]);
    const result = await compileTexts({ "specs/a.yaml": text });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.files.find((f) => f.path === "t1/types.ts")?.content).toContain("other?: HasOwnProperty_2;");
  });

  it("types a const or enum value with a hasOwnProperty key as its literal (json-schema-to-typescript crashes on it)", async () => {
    const text = specWith(["    other: { const: { hasOwnProperty: 1 } }", '    more: { enum: [[{ hasOwnProperty: "a" }], 2] }']);
    const result = await compileTexts({ "specs/a.yaml": text });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const types = result.files.find((f) => f.path === "t1/types.ts")?.content;
    expect(types).toContain("other?: { hasOwnProperty: 1 };");
    expect(types).toContain('more?: [{ hasOwnProperty: "a" }] | 2;');
  });
});

/** The committed generated/ tree, as files. */
async function generatedTree(): Promise<{ path: string; content: string }[]> {
  const root = join(repoRoot, "generated");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, content: await readFile(path, "utf8") })));
}
