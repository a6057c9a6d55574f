import { createAuditLog, type AuditLog } from "./log.js";
import { splitLine } from "./record.js";

// Looked up, not imported, like the rest of the runtime: loading node:fs's ESM facade is slow.
const fs = (): typeof import("node:fs") => process.getBuiltinModule("node:fs");

/** Enough of the file's end to hold its last record (events are small: paths, codes, digests). */
const TAIL_BYTES = 1 << 20;

function lastLine(fd: number): string | undefined {
  const { size } = fs().fstatSync(fd);
  if (size === 0) return undefined;
  const length = Math.min(size, TAIL_BYTES);
  const buffer = Buffer.alloc(length);
  fs().readSync(fd, buffer, 0, length, size - length);
  const tail = buffer.toString("utf8");
  if (!tail.endsWith("\n")) throw new Error("the audit file's last record is incomplete; run `toolgate audit verify` before appending");
  return tail.slice(tail.lastIndexOf("\n", tail.length - 2) + 1, -1);
}

function parseBody(text: string): { writer?: unknown; seq?: unknown } | undefined {
  try {
    return JSON.parse(text) as { writer?: unknown; seq?: unknown };
  } catch {
    return undefined;
  }
}

/** Where an existing file's chain stands, or undefined for a new file. */
function resumePoint(fd: number, writer: string): { anchor: string; seq: number } | undefined {
  const line = lastLine(fd);
  if (line === undefined) return undefined;
  const parts = splitLine(line);
  const body = parts ? parseBody(parts.body) : undefined;
  if (!parts || typeof body?.seq !== "number") throw new Error("the audit file does not end with an audit record");
  if (body.writer !== writer) throw new Error(`the audit file belongs to writer ${JSON.stringify(body.writer)}; use one file per writer`);
  return { anchor: parts.hash, seq: body.seq };
}

export interface AuditFileOptions {
  readonly writer: string;
  /** The anchor of a new chain; an existing file continues from its last record instead. */
  readonly anchor: string;
  readonly now?: (() => number) | undefined;
}

/**
 * An audit log appended to `path`, one synchronous write per record (so records land in order and a
 * crash cuts off at most the record being written). Reopening the file continues its chain.
 */
export function openAuditFile(path: string, options: AuditFileOptions): AuditLog & { readonly close: () => void } {
  const fd = fs().openSync(path, "a+");
  try {
    const resume = resumePoint(fd, options.writer);
    const append = (line: string): void => void fs().writeSync(fd, `${line}\n`);
    const log = createAuditLog({ writer: options.writer, anchor: resume?.anchor ?? options.anchor, seq: resume?.seq ?? 0, append, now: options.now });
    return { ...log, close: () => fs().closeSync(fd) };
  } catch (e) {
    fs().closeSync(fd);
    throw e;
  }
}
