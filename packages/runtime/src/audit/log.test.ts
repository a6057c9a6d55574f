import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdapterEvent } from "../adapter/types.js";
import { createAuditLog, newAuditAnchor } from "./log.js";
import { linkHash } from "./record.js";
import { callTrail } from "./trail.js";
import { verifyAuditLog } from "./verify.js";

const NOW = Date.parse("2026-11-29T12:00:00Z");

function event(n: number, code?: string): AdapterEvent {
  return {
    tool: "review_status",
    spec_version: 3,
    spec_hash: "a".repeat(64),
    request_id: `req_${String(n).padStart(8, "0")}`,
    outcome: code === undefined ? "success" : "failure",
    code,
    layer: code === undefined ? undefined : "schema",
    syntax_valid: true,
    schema_valid: code === undefined,
    schema_errors: code === undefined ? [] : [{ instancePath: "/data/decision", schemaPath: "#/output/properties/decision/enum", keyword: "enum" }],
    schema_errors_truncated: 0,
    check_id: undefined,
    parse_reason: undefined,
    upstream_status: 200,
    raw_sha256: "b".repeat(64),
    raw_bytes: 120 + n,
    duration_ms: 0.25,
  };
}

/** A log of `count` records in memory: its text, anchor and final head. */
function writeLog(count: number, codes: readonly (string | undefined)[] = []) {
  const lines: string[] = [];
  const anchor = newAuditAnchor();
  const log = createAuditLog({ writer: "gateway-1", anchor, append: (line) => lines.push(line), now: () => NOW });
  for (let n = 1; n <= count; n++) log.record(event(n, codes[n - 1]), "GET http://127.0.0.1/reviews");
  return { lines, text: lines.map((l) => `${l}\n`).join(""), anchor, head: log.head() };
}

describe("audit log", () => {
  it("chains records from the anchor and verifies them", () => {
    const { lines, text, anchor, head } = writeLog(3, [undefined, "INVALID_RESPONSE"]);
    const first = JSON.parse(lines[0]!) as { body: { seq: number; prev: string; writer: string; at: string; upstream: string; event: AdapterEvent } };
    expect(first.body).toMatchObject({ seq: 1, prev: anchor, writer: "gateway-1", at: "2026-11-29T12:00:00.000Z", upstream: "GET http://127.0.0.1/reviews" });
    expect(first.body.event.request_id).toBe("req_00000001");
    expect(head.seq).toBe(3);
    expect(verifyAuditLog(text, { anchor, heads: [head.hash] })).toEqual({ records: 3, writer: "gateway-1", firstSeq: 1, lastSeq: 3, head: head.hash, dropped: 0, problem: undefined, tornTail: undefined, openCalls: [] });
    // A head published before the first record is the anchor itself.
    expect(verifyAuditLog("", { anchor, heads: [anchor] }).problem).toBeUndefined();
  });

  it("accepts an empty log and reports where a torn write stopped", () => {
    expect(verifyAuditLog("").problem).toBeUndefined();
    const { text } = writeLog(2);
    const report = verifyAuditLog(text.slice(0, -10));
    expect(report.records).toBe(1);
    // A torn last line is what a crash leaves, not tampering.
    expect(report.problem).toBeUndefined();
    expect(report.tornTail).toEqual({ line: 2, bytes: text.split("\n")[1]!.length - 9 });
  });

  it("names the first broken record and why", () => {
    const { lines, anchor } = writeLog(4);
    const edited = lines.map((l, i) => (i === 2 ? l.replace('"raw_bytes":123', '"raw_bytes":124') : l));
    expect(verifyAuditLog(edited.map((l) => `${l}\n`).join("")).problem).toEqual({ line: 3, message: "its hash does not match its body (changed after it was written)" });
    const dropped = lines.filter((_, i) => i !== 1);
    expect(verifyAuditLog(dropped.map((l) => `${l}\n`).join("")).problem).toEqual({ line: 2, message: "sequence number 3 follows 1 (records missing or out of order)" });
    expect(verifyAuditLog(`${lines[0]}\n`, { anchor: newAuditAnchor() }).problem).toEqual({ line: 1, message: "the chain does not start at the given anchor" });
    expect(verifyAuditLog(`${lines[0]}\n`, { anchor }).problem).toBeUndefined();
  });

  it("needs the anchor for a log that does not start at sequence number 1", () => {
    const { lines } = writeLog(4);
    const continued = lines.slice(2).map((l) => `${l}\n`).join("");
    expect(verifyAuditLog(continued).problem).toEqual({ line: 1, message: "the log starts at sequence number 3: records before it are missing (give --anchor for a log that continues another)" });
    const prev = (JSON.parse(lines[2]!) as { body: { prev: string } }).body.prev;
    expect(verifyAuditLog(continued, { anchor: prev })).toMatchObject({ records: 2, firstSeq: 3, problem: undefined });
  });

  it("refuses a line that only looks like a record: CRLF, a foreign writer name, an array event", () => {
    const { lines } = writeLog(1);
    expect(verifyAuditLog(`${lines[0]}\r\n`).problem?.message).toBe("ends with a carriage return: audit logs use LF line endings");
    const forged = JSON.parse(lines[0]!) as { body: Record<string, unknown> };
    for (const change of [{ writer: "gw\n::warning::ok" }, { event: [] }, { seq: 0 }, { dropped: -1 }]) {
      const body = JSON.stringify({ ...forged.body, ...change });
      const line = `{"body":${body},"hash":"${linkHash(forged.body.prev as string, body)}"}`;
      expect(verifyAuditLog(`${line}\n`).problem?.message).toBe("not an audit record of format 1");
    }
  });

  it("lists an intent without an outcome after it as an open call", () => {
    const lines: string[] = [];
    const durable: boolean[] = [];
    const log = createAuditLog({ writer: "w", anchor: newAuditAnchor(), append: (line, sync) => void (lines.push(line), durable.push(sync)) });
    const finished = callTrail(log, { tool: "start_deployment", request_id: "req_done" }, { retryClass: "unsafe" });
    const crashed = callTrail(log, { tool: "start_deployment", request_id: "req_open" }, { retryClass: "unsafe" });
    expect(finished.intent(1) && crashed.intent(1)).toBe(true);
    crashed.upstream(1)({ boundary: "request_written" });
    finished.resultReturned({ outcome: "success" });
    const report = verifyAuditLog(lines.map((l) => `${l}\n`).join(""));
    expect(report.openCalls).toEqual([{ request_id: "req_open", tool: "start_deployment", attempt: 1, line: 2 }]);
    expect(durable).toEqual([true, true, false, false]);
    // A safe call writes no intent and waits for no disk.
    expect(callTrail(log, { tool: "t", request_id: "req_safe" }, { retryClass: "safe" }).intent(1)).toBe(true);
    expect(lines).toHaveLength(4);
  });

  it("shows a cut-off end only against a published head", () => {
    const { lines, head } = writeLog(3);
    const cut = lines.slice(0, 2).map((l) => `${l}\n`).join("");
    expect(verifyAuditLog(cut).problem).toBeUndefined();
    expect(verifyAuditLog(cut, { heads: [head.hash] }).problem?.message).toBe(`published head ${head.hash} is not in the log (records cut off, or the log rewritten)`);
  });

  it("moves the head only when the append succeeded", () => {
    let diskFull = true;
    const lines: string[] = [];
    const append = (line: string): void => {
      if (diskFull) throw new Error("disk full");
      lines.push(line);
    };
    const anchor = newAuditAnchor();
    const errors: unknown[] = [];
    const log = createAuditLog({ writer: "w", anchor, append, onError: (e) => errors.push(e) });
    expect(() => log.record(event(1))).toThrow("disk full");
    expect(errors).toHaveLength(1);
    expect(log.head()).toEqual({ writer: "w", seq: 0, hash: anchor });
    diskFull = false;
    log.record(event(1));
    // The record that did land says one event before it was lost.
    expect(JSON.parse(lines[0]!)).toMatchObject({ body: { seq: 1, dropped: 1 } });
    expect(verifyAuditLog(`${lines[0]}\n`, { anchor })).toMatchObject({ records: 1, firstSeq: 1, dropped: 1, problem: undefined });
  });

  it("refuses a malformed writer, anchor or sequence number", () => {
    const append = (): void => {};
    expect(() => createAuditLog({ writer: "", anchor: newAuditAnchor(), append })).toThrow(TypeError);
    expect(() => createAuditLog({ writer: "a\nb", anchor: newAuditAnchor(), append })).toThrow(TypeError);
    expect(() => createAuditLog({ writer: "w", anchor: "A".repeat(64), append })).toThrow(TypeError);
    expect(() => createAuditLog({ writer: "w", anchor: newAuditAnchor(), seq: -1, append })).toThrow(TypeError);
  });

  it("detects every single edit, removal, reordering or duplication of records", () => {
    const tamper = fc.oneof(
      fc.record({ kind: fc.constant("edit" as const), at: fc.nat(), to: fc.integer({ min: 0x20, max: 0x7e }) }),
      fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("dropFirst" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("swap" as const), at: fc.nat() }),
      fc.record({ kind: fc.constant("repeat" as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), tamper, (count, change) => {
        const { lines, anchor, head } = writeLog(count);
        const changed = [...lines];
        const i = change.at % count;
        if (change.kind === "edit") {
          const line = lines[i]!;
          const pos = change.at % line.length;
          if (line.charCodeAt(pos) === change.to) return;
          changed[i] = line.slice(0, pos) + String.fromCharCode(change.to) + line.slice(pos + 1);
        } else if (change.kind === "drop") changed.splice(i, 1);
        else if (change.kind === "dropFirst") changed.splice(0, 1 + (change.at % (count - 1)));
        else if (change.kind === "swap") [changed[i], changed[(i + 1) % count]] = [changed[(i + 1) % count]!, changed[i]!];
        else changed.splice(i, 0, lines[i]!);
        const text = changed.map((l) => `${l}\n`).join("");
        expect(verifyAuditLog(text, { anchor, heads: [head.hash] }).problem).toBeDefined();
        // Without the anchor a change is still caught, except cutting records off the end.
        if (!(change.kind === "drop" && i === count - 1)) expect(verifyAuditLog(text).problem).toBeDefined();
      }),
      { seed: 20261129, numRuns: 2000 },
    );
  });
});
