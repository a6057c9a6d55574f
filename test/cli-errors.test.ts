import { DIAGNOSTICS } from "@toolgate/compiler";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type CliResult } from "./support/cli.js";
import { positionOf } from "./support/position.js";
import { tempDir } from "./support/project.js";

/** The real CLI against a temp specs directory: exit codes and the three diagnostic formats. */

const SPEC = ["tool: t1", "version: 1", "description: d", "input: { type: object }", "output:", "  type: object", "  properties:", "    id: { type: string }", "agent_view: [id]", "agent_veiw: [id]", ""].join("\n");
const AT = positionOf("specs/a.yaml", SPEC, "agent_veiw");
const HINT = DIAGNOSTICS.TG111.hint;

let tmp: { dir: string; dispose: () => Promise<void> };
const everything: string[] = [];

async function run(...args: string[]): Promise<CliResult> {
  const result = await runCli(...args);
  everything.push(result.stdout, result.stderr);
  return result;
}

const gen = (...extra: string[]) => run("gen", "--specs", join(tmp.dir, "specs"), "--out", join(tmp.dir, "generated"), ...extra);

beforeAll(async () => {
  tmp = await tempDir("cli-errors");
  await mkdir(join(tmp.dir, "specs"));
  await writeFile(join(tmp.dir, "specs", "a.yaml"), SPEC);
  await mkdir(join(tmp.dir, "empty"));
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


  it("a bad --error-format", async () => {
    const result = await gen("--error-format", "xml");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: option '--error-format <format>' argument 'xml' is invalid. Allowed choices are text, json, github.");
  });

  it("an unknown command", async () => {
    expect((await run("bogus")).code).toBe(2);
  });
});

describe("usage errors in the chosen --error-format", () => {
  const usage = (message: string) => [{ severity: "error", message }];

  it("an unknown option, as JSON and as a GitHub workflow command", async () => {
    expect(await gen("--error-format", "json", "--nope")).toEqual({ code: 2, stdout: "", stderr: JSON.stringify(usage("unknown option '--nope'")) });
    expect(await gen("--nope", "--error-format=github")).toEqual({ code: 2, stdout: "", stderr: "::error::unknown option '--nope'" });
  });

  it("a missing option value", async () => {
    const result = await gen("--error-format", "json", "--out");
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual(usage("option '--out <dir>' argument missing"));
  });

  it("a bad --error-format after a good one: the good one is the chosen format", async () => {
    const result = await gen("--error-format", "github", "--error-format", "xml");
    expect(result).toEqual({ code: 2, stdout: "", stderr: "::error::option '--error-format <format>' argument 'xml' is invalid. Allowed choices are text, json, github." });
  });

  it("--watch with --check, and a bad audit anchor", async () => {
    expect(JSON.parse((await gen("--watch", "--check", "--error-format", "json")).stderr)).toEqual(usage("--watch and --check cannot be combined"));
    const audit = await run("audit", "verify", join(tmp.dir, "log.jsonl"), "--anchor", "ABC", "--error-format", "github");
    expect(audit).toEqual({ code: 2, stdout: "", stderr: '::error::"ABC" is not a hash (64 lowercase hex digits)' });
  });
});

describe("configuration errors are diagnostics TG001 and TG002 (exit 2)", () => {
  const cannotRead = (path: string, reason: string) =>
    `${path}:1:1: error TG002: cannot read "${path}": ${reason}\n  hint: ${DIAGNOSTICS.TG002.hint}`;

  it("TG002 for a missing specs directory, and for a file given as one", async () => {
    expect(await run("gen", "--specs", join(tmp.dir, "no-such-dir"))).toEqual({ code: 2, stdout: "", stderr: cannotRead("no-such-dir", "it does not exist") });
    expect(await run("gen", "--specs", join(tmp.dir, "specs", "a.yaml"))).toEqual({ code: 2, stdout: "", stderr: cannotRead("a.yaml", "it is not a directory") });
  });

  it("TG002 for a --hooks module that is not there, named relative to the specs directory's parent", async () => {
    expect(await gen("--hooks", join(tmp.dir, "elsewhere", "hooks.ts"))).toEqual({ code: 2, stdout: "", stderr: cannotRead("elsewhere/hooks.ts", "it does not exist") });
  });

  it("TG001 for a specs directory without specs, in JSON", async () => {
    const result = await run("gen", "--specs", join(tmp.dir, "empty"), "--error-format", "json");
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual([
      { code: "TG001", severity: "error", message: 'no tool specs found in "empty"', hint: DIAGNOSTICS.TG001.hint, file: "empty", line: 1, column: 1 },
    ]);
  });
});

describe("output hygiene", () => {
  it("never prints a stack trace", () => {
    expect(everything.length).toBeGreaterThan(5);
    expect(everything.filter((text) => text.includes("    at "))).toEqual([]);
  });
});
