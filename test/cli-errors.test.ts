import { DIAGNOSTICS } from "@toolgate/compiler";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Io } from "../packages/cli/src/io.js";
import { main } from "../packages/cli/src/main.js";
import { positionOf } from "./support/position.js";
import { tempDir } from "./support/project.js";

/** The real CLI against a temp specs directory: exit codes and the three diagnostic formats. */

const SPEC = ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", "    id: { type: string }", "agent_view: [id]", "agent_veiw: [id]", ""].join("\n");
const AT = positionOf("specs/a.yaml", SPEC, "agent_veiw");
const HINT = DIAGNOSTICS.TG111.hint;

let tmp: { dir: string; dispose: () => Promise<void> };
const everything: string[] = [];

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
  const code = await main(args, io);
  everything.push(...out, ...err);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const gen = (...extra: string[]) => run("gen", "--specs", join(tmp.dir, "specs"), "--out", join(tmp.dir, "generated"), ...extra);

beforeAll(async () => {
  tmp = await tempDir("cli-errors");
  await mkdir(join(tmp.dir, "specs"));
  await writeFile(join(tmp.dir, "specs", "a.yaml"), SPEC);
});

afterAll(() => tmp.dispose());

describe("toolgate gen on a spec with an error", () => {
  it("prints file:line:col: error TGnnn: message with the hint (text) and exits 1", async () => {
    const result = await gen();
    expect(result).toEqual({ code: 1, stdout: "", stderr: `specs/a.yaml:${AT.line}:${AT.column}: error TG111: unknown key "agent_veiw"\n  hint: ${HINT}` });
    expect(existsSync(join(tmp.dir, "generated"))).toBe(false);
  });

  it("prints a JSON array (json)", async () => {
    const result = await gen("--error-format", "json");
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual([
      { code: "TG111", severity: "error", message: 'unknown key "agent_veiw"', hint: HINT, file: "specs/a.yaml", line: AT.line, column: AT.column },
    ]);
  });

  it("prints a GitHub workflow command (github)", async () => {
    const result = await gen("--error-format", "github");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`::error file=specs/a.yaml,line=${AT.line},col=${AT.column},title=TG111::unknown key "agent_veiw" (${HINT})`);
  });
});

describe("usage errors exit 2", () => {
  it("an unknown option", async () => {
    expect(await gen("--nope")).toEqual({ code: 2, stdout: "", stderr: "error: unknown option '--nope'" });
  });

  it("a missing specs directory", async () => {
    const missing = join(tmp.dir, "no-such-dir");
    expect(await run("gen", "--specs", missing)).toEqual({ code: 2, stdout: "", stderr: `toolgate: specs directory ${missing} does not exist` });
  });

  it("a bad --error-format", async () => {
    const result = await gen("--error-format", "xml");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: option '--error-format <format>' argument 'xml' is invalid. Allowed choices are text, json, github.");
  });

  it("an unknown command", async () => {
    expect((await run("bogus")).code).toBe(2);
  });
});

describe("output hygiene", () => {
  it("never prints a stack trace", () => {
    expect(everything.length).toBeGreaterThan(5);
    expect(everything.filter((text) => text.includes("    at "))).toEqual([]);
  });
});
