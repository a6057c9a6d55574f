import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tempDirsPerTest } from "./support/built-cli.js";
import { hostileServer, importMcp } from "./support/import-mcp.js";
import { HIDDEN_DESCRIPTION, POISONED_DESCRIPTION } from "./support/hostile-import-tools.js";

/**
 * `toolgate import mcp` against upstreams that misbehave (test/support/hostile-import-server.ts, a
 * real SDK 2.x server over stdio): bad tools are skipped with a diagnostic and the rest imported;
 * a server that hangs, exits, cannot start or lists garbage is a clean error (exit 2), never a
 * stack trace, and nothing is written.
 */

const newDir = tempDirsPerTest("import-mcp-hostile");

const files = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map(String).sort();

describe("toolgate import mcp: hostile tool definitions", () => {
  it("skips bad names, an oversized and an over-deep schema and a repeated name (TG820); drafts the rest as data", async () => {
    const dir = await newDir();
    const result = await importMcp(dir, [], hostileServer("hostile"));
    expect(result.code, result.stderr).toBe(0);
    const skipped = [...result.stderr.matchAll(/^tools\/list\[(\d+)\]:1:1: warning TG820: tool (.*) is not imported: (.*)$/gm)].map((m) => [Number(m[1]), m[2], m[3]]);
    expect(skipped).toEqual([
      [0, '"../../etc/passwd"', expect.stringContaining("is not a toolgate tool name")],
      [1, '"say\\"hi"', expect.stringContaining("is not a toolgate tool name")],
      [2, '"two\\nlines"', expect.stringContaining("is not a toolgate tool name")],
      [6, '"wide"', "its inputSchema has more than 20000 nodes"],
      [7, '"deep"', "its inputSchema nests deeper than 64 levels"],
      [8, '"read_note"', "the server lists this name twice; the first is imported"],
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await files(dir)).toEqual(["specs", "specs/hidden_note.yaml", "specs/loop.yaml", "specs/read_note.yaml", "toolgate.mcp-pin.json"]);
    expect(Object.keys((JSON.parse(await readFile(join(dir, "toolgate.mcp-pin.json"), "utf8")) as { tools: object }).tools)).toEqual(["hidden_note", "loop", "read_note"]);

    // The YAML-breaking, instruction-carrying description is one string value, exactly as sent; no key is injected.
    const note = parse(await readFile(join(dir, "specs/read_note.yaml"), "utf8")) as Record<string, unknown>;
    expect(note.description).toBe(POISONED_DESCRIPTION);
    expect(Object.keys(note)).toEqual(["tool", "version", "description", "input", "output", "agent_view", "checks", "effects", "retry", "upstream"]);
    expect(note.tool).toBe("read_note");
    // The server's name is escaped into the header comment, on its line.
    expect((await readFile(join(dir, "specs/read_note.yaml"), "utf8")).split("\n")[1]).toBe('# Drafted by toolgate import mcp from server "hostile\\n# name: \\"x\\"" "0.0.0", tool read_note.');

    // Hidden characters never reach the spec's description: a TODO, with the text shown escaped.
    const hiddenText = await readFile(join(dir, "specs/hidden_note.yaml"), "utf8");
    expect((parse(hiddenText) as { description: string }).description).toMatch(/^TODO: the server's description holds control or bidi characters/);
    expect(hiddenText).not.toContain(HIDDEN_DESCRIPTION);
    expect(hiddenText).toContain("# The server's description, escaped: Reads a note.\\u202e.gnihton segnahc\\u0007");
    expect(result.stderr).toContain('tools/list[5]:1:1: warning TG821: tool "loop" declares no outputSchema');
  }, 120_000);

  it("reads every page of tools/list (nextCursor)", async () => {
    const dir = await newDir();
    const result = await importMcp(dir, [], hostileServer("paged"));
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(join(dir, "specs"))).toEqual(["page_0.yaml", "page_1.yaml", "page_2.yaml"]);
  }, 120_000);
});

describe("toolgate import mcp: upstreams that fail, a clean error (exit 2) and nothing written", () => {
  it.each([
    ["never answers", hostileServer("silent"), ["--timeout", "1500"], /^node:1:1: error TG825: the MCP server did not answer within 1500 ms \(initialize\)$/m],
    ["exits at once", hostileServer("exit"), [], /^node:1:1: error TG824: the MCP server could not be started or listed: .*closed/im],
    ["does not exist", ["./no-such-server"], [], /^no-such-server:1:1: error TG824: the MCP server could not be started or listed: spawn \.\/no-such-server ENOENT$/m],
    ["lists garbage", hostileServer("garbage"), [], /^tools\/list:1:1: error TG826: the server's tools\/list is not valid: /m],
    ["pages forever", hostileServer("endless"), [], /^tools\/list:1:1: error TG826: the server's tools\/list is not valid: .*pagination/m],
  ])("a server that %s", async (_, server, options, message) => {
    const dir = await newDir();
    const result = await importMcp(dir, options, server);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(2);
    expect(await readdir(dir)).toEqual([]);
  }, 120_000);

  it("reports in the chosen --error-format; an --out that is a file is a usage error, not a crash", async () => {
    const dir = await newDir();
    const json = await importMcp(dir, ["--error-format", "json"], ["./no-such-server"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject([{ code: "TG824", severity: "error", file: "no-such-server" }]);
    await writeFile(join(dir, "taken"), "");
    const notDir = await importMcp(dir, ["--out", "taken"], hostileServer("paged"));
    expect(notDir.stderr).toBe("toolgate: cannot read taken: a parent is not a directory");
    expect(notDir.code).toBe(2);
  }, 120_000);

  it("no command after -- is a usage error", async () => {
    const dir = await newDir();
    await writeFile(join(dir, "keep"), "");
    const result = await importMcp(dir, [], []);
    expect(result.code).toBe(2);
    expect(await readdir(dir)).toEqual(["keep"]);
  });
});
