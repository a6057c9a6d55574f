import { DIAGNOSTICS, type DiagnosticCode, type Severity } from "@toolgate/compiler";
import { describe, expect, it } from "vitest";
import { positionOf } from "./support/position.js";
import { compileTexts } from "./support/project.js";

/**
 * One minimal spec per diagnostic: the exact code, severity, file, line and column, where the
 * expected position is computed from the text of the spec (the first occurrence of a unique needle).
 */

interface Parts {
  readonly tool?: string;
  readonly output?: readonly string[];
  readonly view?: string;
  readonly extra?: readonly string[];
}

const DEFAULT_OUTPUT = ["  type: object", "  required: [id]", "  properties:", "    id: { type: string, format: uuid }"];

/** A valid spec unless a part says otherwise; input always has `id`. */
function spec(parts: Parts = {}): string {
  return [
    `tool: ${parts.tool ?? "t1"}`,
    "version: 1",
    "description: Reads one thing.",
    "input:",
    "  type: object",
    "  properties:",
    "    id: { type: string }",
    "output:",
    ...(parts.output ?? DEFAULT_OUTPUT),
    `agent_view: ${parts.view ?? "[id]"}`,
    ...(parts.extra ?? []),
    "",
  ].join("\n");
}

const outputWith = (...properties: string[]): string[] => ["  type: object", "  properties:", "    id: { type: string, format: uuid }", ...properties];

interface Case {
  readonly title: string;
  readonly files: Readonly<Record<string, string>>;
  readonly code: DiagnosticCode;
  readonly severity?: Severity;
  /** Where the diagnostic points: the file and a needle occurring exactly once in it. */
  readonly at: readonly [file: string, needle: string];
  readonly message?: string;
}

const A = "specs/a.yaml";
const SHARED = "specs/schemas/common.yaml";

const CASES: readonly Case[] = [
  { title: "malformed YAML", files: { [A]: "tool: t1\nversion: 1\ndescription: a: b\n" }, code: "TG101", at: [A, "a: b"] },
  { title: "malformed JSON", files: { "specs/a.json": '{\n  "tool": "t1",\n  "version": 1,,\n}\n' }, code: "TG101", at: ["specs/a.json", ",\n}"] },
  { title: "a YAML duplicate key", files: { [A]: `${spec()}tool: t2\n` }, code: "TG102", at: [A, "tool: t2"], message: 'duplicate key "tool"' },
  { title: "a top-level sequence", files: { [A]: "- tool: t1\n- version: 1\n" }, code: "TG103", at: [A, "- tool"] },
  { title: "an unknown top-level key", files: { [A]: spec({ extra: ["agent_veiw: [id]"] }) }, code: "TG111", at: [A, "agent_veiw"], message: 'unknown key "agent_veiw"' },
  { title: "an unknown key in limits", files: { [A]: spec({ extra: ["limits: { max_bytes: 16KiB, max_dept: 3 }"] }) }, code: "TG111", at: [A, "max_dept"], message: 'unknown key "max_dept" at limits' },
  { title: "a missing required key", files: { [A]: spec().replace("description: Reads one thing.\n", "") }, code: "TG112", at: [A, "tool: t1"], message: 'missing required key "description"' },
  { title: "a wrong value type", files: { [A]: spec().replace("version: 1", "version: one") }, code: "TG113", at: [A, "version: one"] },
  { title: "a $ref to a missing file", files: { [A]: spec({ output: outputWith('    x: { $ref: "./schemas/missing.yaml#/$defs/x" }') }) }, code: "TG201", at: [A, "$ref"] },
  {
    title: "a $ref to a missing pointer",
    files: { [A]: spec({ output: outputWith('    x: { $ref: "./schemas/common.yaml#/$defs/nope" }') }), [SHARED]: "$defs:\n  x: { type: string }\n" },
    code: "TG202",
    at: [A, "$ref"],
  },
  { title: "a remote $ref", files: { [A]: spec({ output: outputWith('    x: { $ref: "http://example.com/x.json" }') }) }, code: "TG203", at: [A, "$ref"] },
  {
    title: "a $ref escaping the specs directory",
    files: { [A]: spec({ output: outputWith('    x: { $ref: "../../outside.yaml" }') }), "outside.yaml": "type: string\n" },
    code: "TG204",
    at: [A, "$ref"],
  },
  { title: "an agent_view path missing from output", files: { [A]: spec({ view: "[id, nope]" }) }, code: "TG301", at: [A, "nope"], message: 'agent_view path "nope" does not exist in output' },
  {
    title: "an agent_view path crossing anyOf",
    files: { [A]: spec({ output: outputWith("    u:", "      type: object", "      anyOf:", "        - { properties: { a: { type: string } } }", "        - { properties: { b: { type: string } } }"), view: "[id, u.a]" }) },
    code: "TG302",
    at: [A, "u.a"],
    message: 'agent_view path "u.a" crosses anyOf',
  },
  {
    title: "overlapping agent_view paths",
    files: { [A]: spec({ output: outputWith("    o: { type: object, properties: { a: { type: string } } }"), view: "[o, o.a]" }) },
    code: "TG303",
    at: [A, "o.a"],
  },
  { title: "a malformed agent_view path", files: { [A]: spec({ view: '["id..x"]' }) }, code: "TG304", at: [A, '"id..x"'] },
  { title: "two specs with one tool name", files: { [A]: spec(), "specs/b.yaml": spec() }, code: "TG401", at: ["specs/b.yaml", "tool: t1"], message: 'tool name "t1" is already used by specs/a.yaml:1:1' },
  {
    title: "two tool names that give one binding",
    files: { [A]: spec({ tool: "a_b1" }), "specs/b.yaml": spec({ tool: "a_b_1" }) },
    code: "TG403",
    at: ["specs/b.yaml", "tool: a_b_1"],
    message: 'tool "a_b_1" would export aB1, which tool "a_b1" exports too',
  },
  { title: "a ReDoS pattern in output", files: { [A]: spec({ output: outputWith('    x: { type: string, pattern: "^(a+)+$" }') }) }, code: "TG213", at: [A, "pattern"] },
  {
    title: "a ReDoS pattern in a referenced schemas/ file",
    files: { [A]: spec({ output: outputWith('    x: { $ref: "./schemas/common.yaml#/$defs/word" }') }), [SHARED]: '$defs:\n  word:\n    type: string\n    pattern: "^(a+)+$"\n' },
    code: "TG213",
    at: [SHARED, "pattern"],
  },
  { title: "an invalid regex", files: { [A]: spec({ output: outputWith('    x: { type: string, pattern: "([a-" }') }) }, code: "TG214", at: [A, "pattern"] },
  { title: "the property name hasOwnProperty", files: { [A]: spec({ output: outputWith("    hasOwnProperty: { type: string }") }) }, code: "TG215", at: [A, "hasOwnProperty"] },
  { title: "the property name hasOwnProperty in required", files: { [A]: spec({ output: ["  type: object", "  required: [hasOwnProperty]", "  properties:", "    id: { type: string }"] }) }, code: "TG215", at: [A, "required"] },
  { title: "an unsupported format", files: { [A]: spec({ output: outputWith("    x: { type: string, format: color }") }) }, code: "TG216", at: [A, "format: color"], message: 'format "color" is not supported' },
  {
    title: "a misspelt keyword, with the closest known one",
    files: { [A]: spec({ output: outputWith("    x: { type: string, maxLenght: 4 }") }) },
    code: "TG218",
    at: [A, "maxLenght"],
    message: 'unknown keyword "maxLenght" (did you mean "maxLength"?)',
  },
  { title: "a foreign keyword", files: { [A]: spec({ output: outputWith("    x: { type: string, transform: [trim] }") }) }, code: "TG218", at: [A, "transform"], message: 'unknown keyword "transform"' },
  {
    title: "then without if",
    files: { [A]: spec({ output: outputWith("    x: { type: string, then: { minLength: 1 } }") }) },
    code: "TG219",
    severity: "warning",
    at: [A, "then"],
    message: '"then" has no effect without "if"',
  },
  {
    title: "crossed bounds",
    files: { [A]: spec({ output: outputWith("    x: { type: integer, minimum: 10, maximum: 1 }") }) },
    code: "TG220",
    severity: "warning",
    at: [A, "minimum"],
    message: '"minimum" 10 is greater than "maximum" 1: no value can pass',
  },
  { title: "an empty enum", files: { [A]: spec({ output: outputWith("    x: { enum: [] }") }) }, code: "TG221", severity: "warning", at: [A, "enum"], message: "enum lists no values: no value can pass" },
  {
    title: "contains that asserts nothing",
    files: { [A]: spec({ output: outputWith("    x: { type: array, contains: { type: string }, minContains: 0 }") }) },
    code: "TG222",
    severity: "warning",
    at: [A, "minContains"],
    message: '"minContains": 0 without "maxContains" leaves "contains" asserting nothing',
  },
  {
    title: "a keyword value the 2020-12 meta-schema refuses",
    files: { [A]: spec({ output: outputWith('    x: { type: string, maxLength: "4" }') }) },
    code: "TG210",
    at: [A, "maxLength"],
    message: "invalid JSON Schema: maxLength must be integer",
  },
  {
    title: "a misspelt type in a shared schema file, at that file's line",
    files: { [A]: spec({ output: outputWith('    x: { $ref: "./schemas/common.yaml#/$defs/x" }') }), [SHARED]: "$defs:\n  x: { type: strng }\n" },
    code: "TG210",
    at: [SHARED, "type"],
    message: "invalid JSON Schema: type must be equal to one of the allowed values",
  },
  { title: "$recursiveRef", files: { [A]: spec({ output: outputWith('    x: { $recursiveRef: "#" }') }) }, code: "TG211", at: [A, "$recursiveRef"] },
  { title: "a bind check on a missing field", files: { [A]: spec({ extra: ["checks:", "  - bind: nope"] }) }, code: "TG310", at: [A, "bind: nope"] },
  { title: "a fresh check on a non-date-time field", files: { [A]: spec({ extra: ["checks:", "  - fresh: { field: id, max_age: 5m }"] }) }, code: "TG311", at: [A, "fresh:"] },
  { title: "duplicate check ids", files: { [A]: spec({ extra: ["checks:", "  - bind: id", "  - { id: bind.id, bind: id }"] }) }, code: "TG312", at: [A, "{ id: bind.id"] },
  { title: "an unknown error code", files: { [A]: spec({ extra: ["errors: [NOT_FOUND, NO_SUCH_CODE]"] }) }, code: "TG320", at: [A, "NO_SUCH_CODE"] },
  {
    title: "retry.on listing a code the tool never returns",
    files: { [A]: spec({ extra: ["errors: [NOT_FOUND]", "retry: { class: safe, on: [RATE_LIMITED] }"] }) },
    code: "TG321",
    at: [A, "RATE_LIMITED"],
  },
  {
    title: "an upstream path that is no path",
    files: { [A]: spec({ extra: ['upstream: { path: "items/{id}" }'] }) },
    code: "TG330",
    at: [A, "path"],
    message: 'upstream path "items/{id}" is not a path template: it must start with /',
  },
  {
    title: "an upstream path with an empty segment",
    files: { [A]: spec({ extra: ['upstream: { path: "/a//b" }'] }) },
    code: "TG330",
    at: [A, "path"],
    message: 'upstream path "/a//b" is not a path template: it has an empty segment (//)',
  },
  {
    title: "an upstream path with a character a URL must encode",
    files: { [A]: spec({ extra: ['upstream: { path: "/a\\b/c d" }'] }) },
    code: "TG330",
    at: [A, "path"],
  },
  {
    title: "an upstream path field the input does not require",
    files: { [A]: spec({ extra: ['upstream: { path: "/items/{id}" }'] }) },
    code: "TG331",
    at: [A, "path"],
    message: 'upstream path field "id" is not a required top-level string or integer input field',
  },
];

describe("diagnostics point at the offending text", () => {
  it.each(CASES)("$title → $code", async ({ files, code, severity = "error", at: [file, needle], message }) => {
    const result = await compileTexts(files);
    const at = positionOf(file, files[file]!, needle);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([[code, severity, at.file, at.line, at.column]]);
    if (message !== undefined) expect(result.diagnostics[0]!.message).toBe(message);
    // An error stops gen; a warning leaves the files to write.
    expect(result.files.length > 0).toBe(severity === "warning");
  });

  it("warns about a pattern accepted on measurement (TG250) and still compiles", async () => {
    // A backreference: neither the detector nor the automaton analysis models it, so the probes decide.
    const text = spec({ output: outputWith('    x: { type: string, pattern: "^(?<q>a).*\\\\k<q>$" }') });
    const result = await compileTexts({ [A]: text });
    const at = positionOf(A, text, "pattern");
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([["TG250", "warning", A, at.line, at.column]]);
    expect(result.files.map((f) => f.path)).toContain("t1/validate.ts");
  });

  it("warns about a polynomial pattern (TG270) with its guard, and compiles; not when maxLength is within the guard", async () => {
    const text = spec({ output: outputWith('    x: { type: string, pattern: "f.*o" }') });
    const result = await compileTexts({ [A]: text });
    const at = positionOf(A, text, "pattern");
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.message])).toEqual([
      ["TG270", "warning", A, at.line, at.column, 'pattern "f.*o" backtracks in polynomial time (degree 2): values longer than 1000 characters are refused'],
    ]);
    expect(result.files.map((f) => f.path)).toContain("t1/validate.ts");
    const bounded = await compileTexts({ [A]: spec({ output: outputWith('    x: { type: string, maxLength: 1000, pattern: "f.*o" }') }) });
    expect(bounded.diagnostics).toEqual([]);
  });

  it("warns about an explicitly opened object (TG212) and still compiles", async () => {
    const text = spec({ output: ["  type: object", "  additionalProperties: true", "  properties:", "    id: { type: string, format: uuid }"] });
    const result = await compileTexts({ [A]: text });
    const at = positionOf(A, text, "additionalProperties");
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([["TG212", "warning", A, at.line, at.column]]);
    expect(result.files.map((f) => f.path)).toContain("t1/adapter.ts");
  });

  it("gives every catalog entry a non-empty hint", () => {
    const withoutHint = Object.entries(DIAGNOSTICS).filter(([, entry]) => entry.hint.trim() === "");
    expect(Object.keys(DIAGNOSTICS).length).toBeGreaterThan(30);
    expect(withoutHint).toEqual([]);
  });
});
