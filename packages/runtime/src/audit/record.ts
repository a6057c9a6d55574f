import { sha256Hex } from "../sha256.js";

/**
 * One audit record per line: `{"body":<body>,"hash":"<64 hex>"}`. The hash covers the previous
 * record's hash and the body exactly as written, so a verifier checks the bytes on disk and never
 * depends on re-serializing JSON the same way.
 */

export const AUDIT_FORMAT = 1;

const PREFIX = '{"body":';
const HASH_KEY = ',"hash":"';
const SUFFIX = '"}';
const HEX64 = /^[0-9a-f]{64}$/;

export const isHash = (text: unknown): text is string => typeof text === "string" && HEX64.test(text);

/** The link from the record before (its hash, or the chain's anchor) to this body. */
export const linkHash = (prev: string, body: string): string => sha256Hex(`${prev}\n${body}`);

export const formatLine = (body: string, hash: string): string => `${PREFIX}${body}${HASH_KEY}${hash}${SUFFIX}`;

/** The body's exact text and the stated hash, or undefined when the line is not in record form. */
export function splitLine(line: string): { body: string; hash: string } | undefined {
  const hashAt = line.length - SUFFIX.length - 64;
  if (!line.startsWith(PREFIX) || !line.endsWith(SUFFIX) || hashAt < PREFIX.length + HASH_KEY.length) return undefined;
  if (line.slice(hashAt - HASH_KEY.length, hashAt) !== HASH_KEY) return undefined;
  const hash = line.slice(hashAt, hashAt + 64);
  return isHash(hash) ? { body: line.slice(PREFIX.length, hashAt - HASH_KEY.length), hash } : undefined;
}

/** Who may write a chain: also how the verifier tells a record from a forged line. */
export const WRITER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

/**
 * What every body holds, in this order. `upstream` names the endpoint or command, when given;
 * `dropped` counts the events lost to failed writes since the record before.
 */
export interface AuditBody<Event = unknown> {
  readonly v: typeof AUDIT_FORMAT;
  readonly writer: string;
  readonly seq: number;
  readonly prev: string;
  readonly at: string;
  readonly upstream?: string | undefined;
  readonly dropped?: number | undefined;
  readonly event: Event;
}

/** Where a chain stands: the last record's sequence number and hash (seq 0: the anchor itself). */
export interface AuditHead {
  readonly writer: string;
  readonly seq: number;
  readonly hash: string;
}

const isCount = (value: unknown): boolean => value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0);

function isBody(value: unknown): value is AuditBody {
  if (typeof value !== "object" || value === null) return false;
  const body = value as Partial<AuditBody>;
  const event = body.event as unknown;
  return body.v === AUDIT_FORMAT && typeof body.writer === "string" && WRITER_PATTERN.test(body.writer) && Number.isSafeInteger(body.seq) &&
    body.seq! >= 1 && isHash(body.prev) && typeof body.at === "string" && isCount(body.dropped) && typeof event === "object" && event !== null && !Array.isArray(event);
}

/** The record on one line (without its newline), or why the line is none. */
export function readRecord(line: string): { body: AuditBody; text: string; hash: string } | string {
  if (line.endsWith("\r")) return "ends with a carriage return: audit logs use LF line endings";
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
