import type { AdapterEvent } from "../adapter/types.js";
import { randomFill } from "../random.js";
import { redactFreeText } from "../redact.js";
import type { BoundaryEvent } from "./boundary.js";
import { AUDIT_FORMAT, formatLine, isHash, linkHash, WRITER_PATTERN, type AuditBody, type AuditHead } from "./record.js";

export interface AuditLogOptions {
  /** Who writes this chain. One chain per writer: processes never share one. */
  readonly writer: string;
  /**
   * Where the chain starts: a fresh `newAuditAnchor()` kept outside the log (or, to continue a
   * chain, its head's hash together with `seq`).
   */
  readonly anchor: string;
  /** The sequence number of the record `anchor` is the hash of; 0 for a new chain. */
  readonly seq?: number | undefined;
  /** Events already lost before the first record (a torn write found on reopening). */
  readonly dropped?: number | undefined;
  /**
   * Writes one line (without the newline), or throws having written none of it. `durable` asks for
   * the line to be on stable storage (fdatasync) before it returns: an intent before a side effect.
   */
  readonly append: (line: string, durable: boolean) => void;
  readonly now?: (() => number) | undefined;
  /**
   * Told of every failed write. `record` throws too, but an adapter's `onEvent` swallows what its
   * sink throws, so this is where a lost event becomes an alert. The next record counts it.
   */
  readonly onError?: ((error: unknown) => void) | undefined;
}

export interface AuditLog {
  /**
   * Appends a record for `event` and returns the new head. Fits `context.onEvent` as it is.
   * `upstream` (an endpoint like `GET https://host/path` or a command line) is stored redacted
   * (redactFreeText): give the spec's path template so its literal segments stay readable.
   */
  readonly record: (event: AdapterEvent, upstream?: string, where?: { readonly pathTemplate?: string }) => AuditHead;
  /** Appends a boundary of one call (see boundary.ts); `durable` waits for stable storage. */
  readonly boundary: (
    event: BoundaryEvent,
    options?: { readonly durable?: boolean; readonly upstream?: string; readonly pathTemplate?: string },
  ) => AuditHead;
  /** The current head: publish it somewhere the writer cannot rewrite, so truncation shows. */
  readonly head: () => AuditHead;
}

const count = (value: number | undefined, what: string): number => {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`audit ${what}: a non-negative integer`);
  return value;
};

/** An endpoint (`[METHOD ]url-or-path`) or, when it is neither, a command line. */
const redactUpstream = (upstream: string, where: { readonly pathTemplate?: string } | undefined): string =>
  redactFreeText(/^(?:[A-Z]{1,16} )?(?:[a-z][a-z0-9+.-]*:\/\/|\/)/.test(upstream) ? "endpoint" : "command", upstream, where);

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
  const { writer, append, now = Date.now, onError } = options;
  if (!WRITER_PATTERN.test(writer)) throw new TypeError("audit writer: 1–128 characters of A–Z a–z 0–9 . _ : @ -, starting with a letter or digit");
  if (!isHash(options.anchor)) throw new TypeError("audit anchor: 64 lowercase hex digits (newAuditAnchor())");
  let head: AuditHead = { writer, seq: count(options.seq, "seq"), hash: options.anchor };
  let dropped = count(options.dropped, "dropped");

  function write(event: AdapterEvent | BoundaryEvent, upstream: string | undefined, where: { readonly pathTemplate?: string } | undefined, durable: boolean): AuditHead {
    const at = new Date(now()).toISOString();
    const kept = upstream === undefined ? undefined : redactUpstream(upstream, where);
    const body: AuditBody = { v: AUDIT_FORMAT, writer, seq: head.seq + 1, prev: head.hash, at, upstream: kept, dropped: dropped || undefined, event };
    const text = JSON.stringify(body);
    const hash = linkHash(head.hash, text);
    try {
      append(formatLine(text, hash), durable);
    } catch (e) {
      // Nothing landed: the head stays, and the next record says how many events are missing.
      dropped++;
      onError?.(e);
      throw e;
    }
    dropped = 0;
    head = { writer, seq: body.seq, hash };
    return head;
  }

  return {
    record: (event, upstream, where) => write(event, upstream, where, false),
    boundary: (event, options = {}) => write(event, options.upstream, options, options.durable === true),
    head: () => head,
  };
}
