import { createAuditLog, type AuditLog } from "./log.js";
import { lockFile } from "./lock.js";
import { readRecord } from "./record.js";

// Looked up, not imported, like the rest of the runtime: loading node:fs's ESM facade is slow.
const fs = (): typeof import("node:fs") => process.getBuiltinModule("node:fs");

const NEWLINE = 0x0a;
const CHUNK = 64 * 1024;

/** Offset just past the last newline at or before `end` (0 when there is none). */
function lineStartBefore(fd: number, end: number): number {
  const buffer = Buffer.alloc(CHUNK);
  for (let stop = end; stop > 0; stop -= CHUNK) {
    const from = Math.max(0, stop - CHUNK);
    fs().readSync(fd, buffer, 0, stop - from, from);
    const at = buffer.subarray(0, stop - from).lastIndexOf(NEWLINE);
    if (at >= 0) return from + at + 1;
  }
  return 0;
}

const readRange = (fd: number, from: number, to: number): Buffer => {
  const buffer = Buffer.alloc(to - from);
  fs().readSync(fd, buffer, 0, buffer.length, from);
  return buffer;
};

/**
 * Bytes after the last newline are a record whose write was cut off (a crash, a full disk). They
 * move to `<path>.torn` for inspection, the file is cut back, and the next record counts one event
 * as dropped, so the service can restart and the gap stays on record.
 */
function cutTornTail(fd: number, path: string): { size: number; torn: number } {
  const size = fs().fstatSync(fd).size;
  const start = lineStartBefore(fd, size);
  if (start === size) return { size, torn: 0 };
  fs().appendFileSync(`${path}.torn`, readRange(fd, start, size));
  fs().ftruncateSync(fd, start);
  return { size: start, torn: 1 };
}

/** Where the file's chain stands (its last record), or undefined for an empty file. */
function resumePoint(fd: number, size: number, writer: string): { anchor: string; seq: number } | undefined {
  if (size === 0) return undefined;
  const record = readRecord(readRange(fd, lineStartBefore(fd, size - 1), size - 1).toString("utf8"));
  if (typeof record === "string") throw new Error(`the audit file does not end with an audit record (${record})`);
  if (record.body.writer !== writer) throw new Error(`the audit file belongs to writer ${JSON.stringify(record.body.writer)}; use one file per writer`);
  return { anchor: record.hash, seq: record.body.seq };
}

export interface AuditFileOptions {
  readonly writer: string;
  /** The anchor of a new chain; an existing file continues from its last record instead. */
  readonly anchor: string;
  readonly now?: (() => number) | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
  /** fdatasync after every record: survives power loss, at the cost of a disk flush per event. */
  readonly durable?: boolean | undefined;
}

/** Appends `line` and a newline, or cuts the file back and throws: a record lands whole or not at all. */
function appender(fd: number, size: number, always: boolean): (line: string, durable: boolean) => void {
  let end = size;
  return (line, durable) => {
    const bytes = Buffer.from(`${line}\n`, "utf8");
    try {
      const written = fs().writeSync(fd, bytes);
      if (written !== bytes.length) throw new Error(`short write: ${written} of ${bytes.length} bytes (disk full or file size limit)`);
      if (always || durable) fs().fdatasyncSync(fd);
    } catch (e) {
      // Part of the line may have landed even when writeSync threw.
      fs().ftruncateSync(fd, end);
      throw e;
    }
    end += bytes.length;
  };
}

/**
 * An audit log appended to `path`, one synchronous write per record, so records land in order and
 * a crash cuts off at most the record being written. Reopening the file continues its chain; a
 * `<path>.lock` keeps a second process from writing the same file. `close` releases both, once.
 */
export function openAuditFile(path: string, options: AuditFileOptions): AuditLog & { readonly close: () => void } {
  const unlock = lockFile(path);
  let fd: number | undefined;
  try {
    fd = fs().openSync(path, "a+");
    const { size, torn } = cutTornTail(fd, path);
    const resume = resumePoint(fd, size, options.writer);
    const opened = fd;
    const write = appender(opened, size, options.durable === true);
    let closed = false;
    // After close the descriptor number may belong to another file: never touch it again.
    const append = (line: string, durable: boolean): void => {
      if (closed) throw new Error("the audit file is closed");
      write(line, durable);
    };
    const close = (): void => {
      if (closed) return;
      closed = true;
      fs().closeSync(opened);
      unlock();
    };
    const log = createAuditLog({
      writer: options.writer,
      anchor: resume?.anchor ?? options.anchor,
      seq: resume?.seq ?? 0,
      dropped: torn,
      append,
      now: options.now,
      onError: options.onError,
    });
    return { ...log, close };
  } catch (e) {
    if (fd !== undefined) fs().closeSync(fd);
    unlock();
    throw e;
  }
}
