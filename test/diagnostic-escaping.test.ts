import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli.js";
import { tempDir } from "./support/project.js";

/**
 * The real CLI on specs whose strings try to steer the reader: line and paragraph separators, bidi
 * overrides, NEL, ESC, BEL, CR and a newline followed by a forged `file:line:col: error` line. In
 * every output format each diagnostic stays on its own line(s) and no such character comes out raw.
 */

const HOSTILE = "\u2028\u2029\u202e\u2066\u0085\u001b[31m\u0007\nspecs/a.yaml:1:1: error TG999: forged\r";
/** YAML double-quoted spelling of HOSTILE, so the spec file itself is plain ASCII. */
const YAML_HOSTILE = [...HOSTILE].map((c) => (c >= " " && c <= "~" ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)).join("");
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const HOSTILE_FILE = "e\u202e\u2028\nerror TG999 forged.yaml";

const spec = (tool: string, ...tail: string[]): string =>
  [`tool: ${tool}`, "version: 1", "description: d", "input:", "  type: object", "  required: [id]", "  properties:", "    id: { type: string }", "output:", "  type: object", "  properties:", "    id: { type: string, format: uuid }", ...tail, ""].join("\n");

const SPECS: Readonly<Record<string, string>> = {
  "a.yaml": spec("t1", `    x: { type: string, pattern: "(${YAML_HOSTILE}" }`, "agent_view: [id]"), // TG214 quotes the engine's text
  "b.yaml": spec("t2", `agent_view: [id, "x${YAML_HOSTILE}"]`), // TG304
  "c.yaml": spec("t3", "agent_view: [id]", `upstream: { envelope: false, kind: http, operation: get_x, method: GET, path: "/x/${YAML_HOSTILE}{id}" }`), // TG330
  "d.yaml": spec("t4", 'agent_view: [id, "x\\u2028\\u202ey"]'), // TG301
  [HOSTILE_FILE]: spec("t5", "agent_view: [id, nope]"), // TG301 in a file whose name is hostile
};
const CODES = ["TG214", "TG301", "TG301", "TG304", "TG330"];

let tmp: { dir: string; dispose: () => Promise<void> };

async function gen(format: string): Promise<{ code: number; stderr: string }> {
  const { code, stdout, stderr } = await runCli("gen", "--specs", join(tmp.dir, "specs"), "--out", join(tmp.dir, "generated"), "--error-format", format);
  return { code, stderr: [stdout, stderr].filter(Boolean).join("\n") };
}

beforeAll(async () => {
  tmp = await tempDir("diagnostic-escaping");
  await mkdir(join(tmp.dir, "specs"));
  for (const [name, text] of Object.entries(SPECS)) await writeFile(join(tmp.dir, "specs", name), text);
});

afterAll(() => tmp.dispose());

const rawUnsafe = (text: string): string[] => [...text.replaceAll("\n", "")].filter((c) => UNSAFE.test(c));

describe("diagnostics escape spec-derived text", () => {
  it("text: every line is a diagnostic header or its hint, and nothing raw is printed", async () => {
    const { code, stderr } = await gen("text");
    expect(code).toBe(1);
    const lines = stderr.split("\n");
    const headers = lines.filter((_, i) => i % 2 === 0);
    expect(headers.map((l) => /^specs\/[^\n]*?:\d+:\d+: error (TG\d{3}): /.exec(l)?.[1]).sort()).toEqual(CODES);
    expect(lines.filter((_, i) => i % 2 === 1).every((l) => l.startsWith("  hint: "))).toBe(true);
    expect(rawUnsafe(stderr)).toEqual([]);
    expect(stderr).toContain('specs/d.yaml:13:18: error TG301: agent_view path "x\\u2028\\u202ey" does not exist in output');
    expect(stderr).toContain("specs/e\\u202e\\u2028\\u000aerror TG999 forged.yaml:13:18: error TG301:");
  });

  it("json: no raw character in the text or in any field", async () => {
    const { code, stderr } = await gen("json");
    expect(code).toBe(1);
    expect(rawUnsafe(stderr)).toEqual([]);
    const parsed = JSON.parse(stderr) as { code: string; message: string; file: string }[];
    expect(parsed.map((d) => d.code).sort()).toEqual(CODES);
    expect(parsed.flatMap((d) => rawUnsafe(d.message + d.file))).toEqual([]);
  });

  it("github: one workflow command per diagnostic, nothing raw", async () => {
    const { code, stderr } = await gen("github");
    expect(code).toBe(1);
    const lines = stderr.split("\n");
    expect(lines.map((l) => /^::error file=[^\n]*,title=(TG\d{3})::/.exec(l)?.[1]).sort()).toEqual(CODES);
    expect(rawUnsafe(stderr)).toEqual([]);
  });
});
