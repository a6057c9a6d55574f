import { AUDIT_FORMAT, isHash, linkHash, splitLine, type AuditBody } from "./record.js";

export interface AuditVerifyOptions {
  /** The anchor the chain was started from; without it the first record's `prev` is taken as given. */
  readonly anchor?: string;
  /** Head hashes published elsewhere while the log was written; each must still be in the log. */
  readonly heads?: readonly string[];
}

export interface AuditProblem {
  /** 1-based line of the log; 0 for a finding about the whole log. */
  readonly line: number;
  readonly message: string;
}

export interface AuditReport {
  readonly records: number;
  readonly writer: string | undefined;
  readonly firstSeq: number | undefined;
  readonly lastSeq: number | undefined;
  /** The last record's hash: publish it, or compare it with what was published. */
  readonly head: string | undefined;
  /** The first problem found; checking stops there, since nothing after it can be trusted. */
  readonly problem: AuditProblem | undefined;
}

interface Walk {
  records: number;
  writer: string | undefined;
  firstSeq: number | undefined;
  lastSeq: number | undefined;
  head: string | undefined;
  readonly hashes: Set<string>;
}

const isBody = (value: unknown): value is AuditBody =>
  typeof value === "object" && value !== null && (value as AuditBody).v === AUDIT_FORMAT && typeof (value as AuditBody).writer === "string" &&
  Number.isSafeInteger((value as AuditBody).seq) && isHash((value as AuditBody).prev) && typeof (value as AuditBody).at === "string" &&
  typeof (value as AuditBody).event === "object" && (value as AuditBody).event !== null;

function readBody(line: string): { body: AuditBody; text: string; hash: string } | string {
  const parts = splitLine(line);
  if (!parts) return "not an audit record";
  let body: unknown;
  try {
    JSON.parse(line);
    body = JSON.parse(parts.body);
  } catch {
    return "not valid JSON";
  }
  return isBody(body) ? { body, text: parts.body, hash: parts.hash } : `not an audit record of format ${AUDIT_FORMAT}`;
}

/** Why `line` does not continue the chain walked so far, or undefined when it does. */
function checkRecord(line: string, walk: Walk, anchor: string | undefined): string | undefined {
  const read = readBody(line);
  if (typeof read === "string") return read;
  const { body, text, hash } = read;
  if (walk.records === 0) {
    if (anchor !== undefined && body.prev !== anchor) return "the chain does not start at the given anchor";
    walk.writer = body.writer;
    walk.firstSeq = body.seq;
  } else {
    if (body.writer !== walk.writer) return `written by ${JSON.stringify(body.writer)}, the records before by ${JSON.stringify(walk.writer)}`;
    if (body.seq !== walk.lastSeq! + 1) return `sequence number ${body.seq} follows ${walk.lastSeq} (records missing or out of order)`;
    if (body.prev !== walk.head) return "does not link to the record before it";
  }
  if (linkHash(body.prev, text) !== hash) return "its hash does not match its body (changed after it was written)";
  walk.records++;
  walk.lastSeq = body.seq;
  walk.head = hash;
  walk.hashes.add(hash);
  return undefined;
}

/**
 * Checks an audit log (the file's whole text) record by record: form, writer, sequence, link and
 * hash. A log rewritten from some record on is consistent in itself; only a head published
 * elsewhere (`heads`) shows that, and shows records cut off at the end.
 */
export function verifyAuditLog(text: string, options: AuditVerifyOptions = {}): AuditReport {
  const walk: Walk = { records: 0, writer: undefined, firstSeq: undefined, lastSeq: undefined, head: undefined, hashes: new Set() };
  const report = (problem?: AuditProblem): AuditReport => ({
    records: walk.records,
    writer: walk.writer,
    firstSeq: walk.firstSeq,
    lastSeq: walk.lastSeq,
    head: walk.head,
    problem,
  });
  const lines = text.split("\n");
  const last = lines.pop();
  for (const [index, line] of lines.entries()) {
    const message = checkRecord(line, walk, options.anchor);
    if (message !== undefined) return report({ line: index + 1, message });
  }
  if (last !== "") return report({ line: lines.length + 1, message: "incomplete last record (no newline: the write was cut off)" });
  const missing = (options.heads ?? []).find((head) => !walk.hashes.has(head));
  if (missing !== undefined) return report({ line: 0, message: `published head ${missing} is not in the log (records cut off, or the log rewritten)` });
  return report();
}
