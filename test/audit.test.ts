import type { AdapterEvent } from "@toolgate/runtime";
import { newAuditAnchor, openAuditFile, verifyAuditLog } from "@toolgate/runtime/audit";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewStatus } from "../generated/review_status/adapter.js";
import { runCli as cli } from "./support/cli.js";
import { tempDir } from "./support/project.js";

/** The audit record (README, "Audit log"): adapter events chained into a file, checked by `toolgate audit verify`. */

const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const UPSTREAM = "GET http://127.0.0.1/reviews/CR-42";

let tmp: { dir: string; dispose: () => Promise<void> };
let file: string;
let anchor: string;
let head: string;

/** One review_status call per raw response, its event appended to the audit file (reopened each time). */
function runCalls(raws: readonly Record<string, unknown>[]): void {
  for (const raw of raws) {
    const log = openAuditFile(file, { writer: "gateway-1", anchor, now: () => NOW });
    const onEvent = (event: AdapterEvent): void => void log.record(event, UPSTREAM);
    const started = reviewStatus.call({ change_id: "CR-42" }, { now: () => NOW, onEvent });
    if (!started.ok) throw new Error("input rejected");
    reviewStatus.adapt(JSON.stringify({ ...raw }), started.call);
    head = log.head().hash;
    log.close();
  }
}

/** The event of the last record of `text`, to record once more. */
const lastEvent = (text: string): AdapterEvent => (JSON.parse(text.trimEnd().split("\n").at(-1)!) as { body: { event: AdapterEvent } }).body.event;

const review = { change_id: "CR-42", decision: "approved", reviewed_by: "alice", observed_at: "2026-11-29T11:59:59.000Z" };

beforeAll(async () => {
  tmp = await tempDir("audit");
  file = join(tmp.dir, "audit.jsonl");
  anchor = newAuditAnchor();
  runCalls([review, { ...review, admin_override: true }, { ...review, change_id: "CR-7" }]);
});

afterAll(() => tmp.dispose());

describe("audit log of adapter events", () => {
  it("records each call's outcome, layer and digest, and none of the response's values", async () => {
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    const bodies = lines.map((l) => (JSON.parse(l) as { body: { seq: number; upstream: string; event: AdapterEvent } }).body);
    expect(bodies.map((b) => [b.seq, b.event.outcome, b.event.layer, b.upstream])).toEqual([
      [1, "success", undefined, UPSTREAM],
      [2, "failure", "schema", UPSTREAM],
      [3, "failure", "binding", UPSTREAM],
    ]);
    expect(bodies.every((b) => b.event.raw_sha256?.length === 64)).toBe(true);
    for (const secretish of ["alice", "approved"]) expect(lines.join("\n")).not.toContain(secretish);
    // Issue 10: the operator's record names the undeclared member (escaped), never its value.
    expect(bodies[1]!.event.schema_errors).toEqual([expect.objectContaining({ keyword: "additionalProperties", params: { additionalProperty: "admin_override" } })]);
  });

  it("verifies from the anchor to the published head", async () => {
    const { code, stdout, stderr } = await cli("audit", "verify", file, "--anchor", anchor, "--head", head);
    expect(code).toBe(0);
    expect(stdout).toBe(`toolgate: ${file}: 3 records by "gateway-1" (seq 1–3), chain intact from the given anchor, 1 published head found; head ${head}`);
    expect(stderr).toBe("");
    // --head repeats and may follow the file; a head published before any record is the anchor.
    expect((await cli("audit", "verify", "--head", anchor, "--anchor", anchor, file, "--head", head)).code).toBe(0);
  });

  it("names the line of an edited record and exits 1, in each error format", async () => {
    const tampered = join(tmp.dir, "tampered.jsonl");
    const text = await readFile(file, "utf8");
    await writeFile(tampered, text.replace('"outcome":"failure","code":"INVALID_RESPONSE","layer":"schema"', '"outcome":"success","code":"INVALID_RESPONSE","layer":"schema"'));
    const message = "its hash does not match its body (changed after it was written)";
    expect(await cli("audit", "verify", tampered)).toMatchObject({ code: 1, stderr: `${tampered}:2: error: ${message}` });
    expect((await cli("audit", "verify", tampered, "--error-format", "github")).stderr).toBe(`::error file=${tampered},line=2::${message}`);
    expect(JSON.parse((await cli("audit", "verify", tampered, "--error-format", "json")).stderr)).toEqual({ file: tampered, line: 2, severity: "error", message });
  });

  it("shows a cut-off end against the published head", async () => {
    const cut = join(tmp.dir, "cut.jsonl");
    const lines = (await readFile(file, "utf8")).split("\n");
    await writeFile(cut, `${lines.slice(0, 2).join("\n")}\n`);
    expect((await cli("audit", "verify", cut)).code).toBe(0);
    const { code, stderr } = await cli("audit", "verify", cut, "--head", head);
    expect(code).toBe(1);
    expect(stderr).toBe(`${cut}: error: published head ${head} is not in the log (records cut off, or the log rewritten)`);
  });

  it("refuses to continue another writer's file, or one another live process writes", async () => {
    expect(() => openAuditFile(file, { writer: "gateway-2", anchor })).toThrow('the audit file belongs to writer "gateway-1"; use one file per writer');
    const open = openAuditFile(file, { writer: "gateway-1", anchor });
    try {
      expect(() => openAuditFile(file, { writer: "gateway-1", anchor })).toThrow(`process ${process.pid} writes this audit file`);
    } finally {
      open.close();
    }
    // Closing twice is harmless; a record after close is a failed write that the chain will count.
    expect(() => open.close()).not.toThrow();
    expect(() => open.record(lastEvent(readFileSync(file, "utf8")))).toThrow("the audit file is closed");
    const foreign = join(tmp.dir, "foreign.jsonl");
    await writeFile(foreign, `{"body":{seq: 1},"hash":"${"0".repeat(64)}"}\n`);
    expect(() => openAuditFile(foreign, { writer: "gateway-1", anchor })).toThrow("the audit file does not end with an audit record");
  });

  it("takes over the lock of a process that is gone", async () => {
    const copy = join(tmp.dir, "stale.jsonl");
    await writeFile(copy, await readFile(file));
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    await writeFile(`${copy}.lock`, gone.stdout);
    const log = openAuditFile(copy, { writer: "gateway-1", anchor });
    log.close();
    expect(existsSync(`${copy}.lock`)).toBe(false);
  });

  it("recovers from a torn write: cuts it off, keeps it aside and records the lost event", async () => {
    const torn = join(tmp.dir, "torn.jsonl");
    const whole = await readFile(file, "utf8");
    await writeFile(torn, whole.slice(0, -5));
    const before = await cli("audit", "verify", torn);
    expect(before.code).toBe(0);
    expect(before.stderr).toMatch(new RegExp(`^${torn}:3: warning: torn tail: the last \\d+ bytes are a record whose write was cut off \\(a crash, not tampering\\)`));
    const log = openAuditFile(torn, { writer: "gateway-1", anchor, now: () => NOW });
    log.record(lastEvent(whole));
    log.close();
    expect(await readFile(`${torn}.torn`, "utf8")).toBe(whole.slice(0, -5).split("\n").at(-1));
    const { code, stderr } = await cli("audit", "verify", torn, "--anchor", anchor);
    expect(code).toBe(0);
    expect(stderr).toBe(`toolgate: ${torn}: warning: the writer lost 1 event to failed writes (recorded in the chain)`);
  });

  it("never leaves half a record behind when the file cannot grow (ulimit -f)", () => {
    const capped = join(tmp.dir, "capped.jsonl");
    const script = [
      'import { openAuditFile, newAuditAnchor } from "@toolgate/runtime/audit";',
      `const log = openAuditFile(${JSON.stringify(capped)}, { writer: "w", anchor: newAuditAnchor() });`,
      'const event = { tool: "t", spec_version: 1, spec_hash: "x", request_id: "req_12345678", outcome: "success", syntax_valid: true, schema_valid: true, schema_errors: [], duration_ms: 1 };',
      "let failures = 0;",
      "for (let i = 0; i < 20; i++) { try { log.record(event); } catch { failures++; } }",
      "log.close();",
      "console.log(JSON.stringify({ failures, head: log.head() }));",
    ].join("\n");
    const child = spawnSync("bash", ["-c", `ulimit -f 2; exec "${process.execPath}" --input-type=module -e '${script}'`], { cwd: process.cwd(), encoding: "utf8" });
    const { failures, head } = JSON.parse(child.stdout) as { failures: number; head: { seq: number; hash: string } };
    expect(failures).toBeGreaterThan(0);
    const text = readFileSync(capped, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(verifyAuditLog(text, { heads: [head.hash] })).toMatchObject({ records: head.seq, problem: undefined });
  });

  it("reports a line that is not UTF-8 and escapes GitHub workflow properties", async () => {
    const bad = join(tmp.dir, "bad,name:1.jsonl");
    const bytes = await readFile(file);
    await writeFile(bad, Buffer.concat([bytes, Buffer.from([0xff, 0x0a])]));
    expect((await cli("audit", "verify", bad)).stderr).toBe(`${bad}:4: error: not valid UTF-8`);
    expect((await cli("audit", "verify", bad, "--error-format", "github")).stderr).toBe(`::error file=${bad.replace(/:/g, "%3A").replace(/,/g, "%2C")},line=4::not valid UTF-8`);
  });

  it("exits 2 on a missing file or a malformed hash", async () => {
    expect((await cli("audit", "verify", join(tmp.dir, "none.jsonl"))).code).toBe(2);
    expect(await cli("audit", "verify", file, "--anchor", "ABC")).toMatchObject({ code: 2, stderr: 'toolgate: "ABC" is not a hash (64 lowercase hex digits)' });
  });
});
