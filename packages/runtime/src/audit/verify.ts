import { SETTLES_INTENT } from "./boundary.js";
import { linkHash, readRecord, type AuditBody } from "./record.js";

export interface AuditVerifyOptions {
  /**
   * The anchor the chain was started from (or, for a log that continues another, that log's head).
   * Without it the log must start at sequence number 1.
   */
  readonly anchor?: string | undefined;
  /** Head hashes published elsewhere while the log was written; each must still be in the log. */
  readonly heads?: readonly string[] | undefined;
  /** Told of each record once it verified, with its 1-based line (audit explain reads a call this way). */
  readonly onRecord?: ((body: AuditBody, line: number) => void) | undefined;
}

export interface AuditProblem {
  /** 1-based line of the log; 0 for a finding about the whole log. */
  readonly line: number;
  readonly message: string;
}

/** An unsafe call whose intent is in the chain with nothing after it: its outcome is not known. */
export interface OpenCall {
  readonly request_id: string;
  readonly tool: string;
  readonly attempt: number;
  /** The intent record's line. */
  readonly line: number;
}

export interface AuditReport {
  readonly records: number;
  readonly writer: string | undefined;
  readonly firstSeq: number | undefined;
  readonly lastSeq: number | undefined;
  /** The last record's hash: publish it, or compare it with what was published. */
  readonly head: string | undefined;
  /** Events the writer lost to failed writes, as its later records state. */
  readonly dropped: number;
  /** The first problem found; checking stops there, since nothing after it can be trusted. */
  readonly problem: AuditProblem | undefined;
  /**
   * Bytes after the last newline: a write cut off by a crash or a full disk, not tampering. The
   * writer moves them aside when it reopens the file; `line` is where they start.
   */
  readonly tornTail: { readonly line: number; readonly bytes: number } | undefined;
  /** Intents without an outcome after them, oldest first: calls a crash left open. */
  readonly openCalls: readonly OpenCall[];
}

/** Record-by-record verification, for a log read whole or streamed line by line. */
export class AuditVerifier {
  private records = 0;
  private writer: string | undefined;
  private firstSeq: number | undefined;
  private lastSeq: number | undefined;
  private head: string | undefined;
  private dropped = 0;
  private problem: AuditProblem | undefined;
  private readonly hashes = new Set<string>();
  private readonly open = new Map<string, OpenCall>();

  constructor(private readonly options: AuditVerifyOptions = {}) {}

  /** Checks the next complete line (without its newline); false once a problem is found. */
  line(text: string): boolean {
    if (this.problem) return false;
    const message = this.check(text);
    if (message !== undefined) this.problem = { line: this.records + 1, message };
    return message === undefined;
  }

  /** Marks the next line as unreadable (for example, not UTF-8). */
  fail(message: string): void {
    this.problem ??= { line: this.records + 1, message };
  }

  /** The report; `tornBytes` counts the bytes that followed the last newline (a write that was cut off). */
  finish(tornBytes = 0): AuditReport {
    const tornTail = tornBytes > 0 && !this.problem ? { line: this.records + 1, bytes: tornBytes } : undefined;
    if (!this.problem) {
      const known = (hash: string): boolean => this.hashes.has(hash) || hash === this.options.anchor;
      const missing = (this.options.heads ?? []).find((hash) => !known(hash));
      if (missing !== undefined) this.problem = { line: 0, message: `published head ${missing} is not in the log (records cut off, or the log rewritten)` };
    }
    const { records, writer, firstSeq, lastSeq, head, dropped, problem } = this;
    return { records, writer, firstSeq, lastSeq, head, dropped, problem, tornTail, openCalls: [...this.open.values()] };
  }

  private check(line: string): string | undefined {
    const read = readRecord(line);
    if (typeof read === "string") return read;
    const { body, text, hash } = read;
    const message = this.records === 0 ? this.checkStart(body) : this.checkLink(body);
    if (message !== undefined) return message;
    if (linkHash(body.prev, text) !== hash) return "its hash does not match its body (changed after it was written)";
    this.records++;
    this.lastSeq = body.seq;
    this.head = hash;
    this.dropped += body.dropped ?? 0;
    this.hashes.add(hash);
    this.track(body.event as Record<string, unknown>);
    this.options.onRecord?.(body, this.records);
    return undefined;
  }

  /** An intent opens its call; a finished attempt, the result or the adapter's verdict settles it. */
  private track(event: Record<string, unknown>): void {
    const { boundary, request_id: id, tool, attempt } = event;
    if (typeof id !== "string") return;
    if (boundary === "intent") {
      this.open.delete(id);
      this.open.set(id, { request_id: id, tool: String(tool), attempt: Number(attempt), line: this.records });
    } else if (SETTLES_INTENT.has(String(boundary)) || (boundary === undefined && typeof event.outcome === "string")) {
      this.open.delete(id);
    }
  }

  private checkStart(body: AuditBody): string | undefined {
    const { anchor } = this.options;
    if (anchor !== undefined && body.prev !== anchor) return "the chain does not start at the given anchor";
    if (anchor === undefined && body.seq !== 1) return `the log starts at sequence number ${body.seq}: records before it are missing (give --anchor for a log that continues another)`;
    this.writer = body.writer;
    this.firstSeq = body.seq;
    return undefined;
  }

  private checkLink(body: AuditBody): string | undefined {
    if (body.writer !== this.writer) return `written by ${JSON.stringify(body.writer)}, the records before by ${JSON.stringify(this.writer)}`;
    if (body.seq !== this.lastSeq! + 1) return `sequence number ${body.seq} follows ${this.lastSeq} (records missing or out of order)`;
    if (body.prev !== this.head) return "does not link to the record before it";
    return undefined;
  }
}

/**
 * Checks an audit log's whole text record by record: form, writer, sequence, link and hash. A log
 * rewritten from some record on is consistent in itself; only a head published elsewhere (`heads`)
 * shows that, and shows records cut off at the end.
 */
export function verifyAuditLog(text: string, options: AuditVerifyOptions = {}): AuditReport {
  const verifier = new AuditVerifier(options);
  const lines = text.split("\n");
  const tail = lines.pop()!;
  for (const line of lines) if (!verifier.line(line)) break;
  return verifier.finish(Buffer.byteLength(tail, "utf8"));
}

const NEWLINE = 0x0a;

/** The same over a byte stream (a file, an object store), one line in memory at a time; lines must be UTF-8. */
export async function verifyAuditStream(chunks: AsyncIterable<Uint8Array>, options: AuditVerifyOptions = {}): Promise<AuditReport> {
  const verifier = new AuditVerifier(options);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decodeLine = (bytes: Uint8Array): boolean => {
    try {
      return verifier.line(decoder.decode(bytes));
    } catch {
      verifier.fail("not valid UTF-8");
      return false;
    }
  };
  let pending: Uint8Array[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, start)) {
      if (!decodeLine(Buffer.concat([...pending, chunk.subarray(start, at)]))) return verifier.finish();
      pending = [];
      start = at + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  return verifier.finish(pending.reduce((sum, part) => sum + part.length, 0));
}
