import type { AdapterEvent } from "../adapter/types.js";
import { randomFill } from "../random.js";
import { AUDIT_FORMAT, formatLine, isHash, linkHash, type AuditBody, type AuditHead } from "./record.js";

export interface AuditLogOptions {
  /** Who writes this chain. One chain per writer: processes never share one. */
  readonly writer: string;
  /**
   * Where the chain starts: a fresh `newAuditAnchor()` kept outside the log (or, to continue a
   * chain, its head's hash together with `seq`).
   */
  readonly anchor: string;
  /** The sequence number of the record `anchor` is the hash of; 0 for a new chain. */
  readonly seq?: number;
  /** Writes one line (without the newline) durably, or throws. */
  readonly append: (line: string) => void;
  readonly now?: (() => number) | undefined;
}

export interface AuditLog {
  /** Appends a record for `event` and returns the new head. Fits `context.onEvent` as it is. */
  readonly record: (event: AdapterEvent, upstream?: string) => AuditHead;
  /** The current head: publish it somewhere the writer cannot rewrite, so truncation shows. */
  readonly head: () => AuditHead;
}

const WRITER = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

/** 32 random bytes in hex: the first `prev` of a new chain. */
export function newAuditAnchor(): string {
  const bytes = new Uint8Array(32);
  randomFill(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A hash-chained, append-only record of adapter events. Events hold paths, keywords, codes and
 * digests, never values, so the log is as secret-free as the operator channel it records.
 */
export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { writer, append, now = Date.now } = options;
  if (!WRITER.test(writer)) throw new TypeError("audit writer: 1–128 characters of A–Z a–z 0–9 . _ : @ -, starting with a letter or digit");
  if (!isHash(options.anchor)) throw new TypeError("audit anchor: 64 lowercase hex digits (newAuditAnchor())");
  const start = options.seq ?? 0;
  if (!Number.isSafeInteger(start) || start < 0) throw new TypeError("audit seq: a non-negative integer");
  let head: AuditHead = { writer, seq: start, hash: options.anchor };

  function record(event: AdapterEvent, upstream?: string): AuditHead {
    const body: AuditBody<AdapterEvent> = { v: AUDIT_FORMAT, writer, seq: head.seq + 1, prev: head.hash, at: new Date(now()).toISOString(), upstream, event };
    const text = JSON.stringify(body);
    const hash = linkHash(head.hash, text);
    append(formatLine(text, hash));
    // Only a written record moves the head: a failed append leaves the chain where it was.
    head = { writer, seq: body.seq, hash };
    return head;
  }

  return { record, head: () => head };
}
