import { isAuditHash, verifyAuditStream, type AuditBody, type AuditReport } from "@toolgate/runtime/audit";
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { crashFindings, formatFinding, plural } from "./audit.js";
import { explainCall, type CallExplanation } from "./explain-call.js";
import { toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { formatUsageError } from "./usage.js";

export interface AuditExplainCliOptions {
  readonly anchor: string | undefined;
  readonly errorFormat: "text" | "json" | "github";
}

// Request ids are printable ASCII without spaces (newRequestId, or a platform's id).
const REQUEST_ID = /^[\x21-\x7e]{1,256}$/;

function verified(file: string, report: AuditReport, lastLine: number | undefined, anchor: string | undefined): string {
  const from = anchor === undefined ? "from its first record" : "from the given anchor";
  if (lastLine === undefined) return `toolgate: ${file}: ${plural(report.records, "record")} verified ${from}`;
  return `toolgate: ${file}: chain verified ${from} through line ${lastLine} (the call's last record)`;
}

function textOf(x: CallExplanation): string[] {
  const width = Math.max(...x.steps.map((s) => s.boundary.length), 8);
  const rows = x.steps.map((s) => `  ${String(s.line).padStart(5)}  ${`+${s.offset_ms} ms`.padStart(9)}  ${s.boundary.padEnd(width)}  ${s.detail}`);
  const attempts = x.attempts.map((a) => `${a.attempt}: ${a.code ?? "ok"}${a.sent ? ", sent" : ", not sent"}, ${a.next}${a.delay_ms === undefined ? "" : ` after ${a.delay_ms} ms`}`);
  const auth = x.authorization;
  return [
    `call ${JSON.stringify(x.request_id)} of tool ${JSON.stringify(x.tool ?? null)}: ${plural(x.steps.length, "record")}`,
    `   line       time  ${"boundary".padEnd(width)}  facts`,
    ...rows,
    `attempts:      ${attempts.length > 0 ? attempts.join("; ") : "none on record"}`,
    `authorization: ${auth ? `${auth.decision}${auth.approver_id === undefined ? "" : ` by ${JSON.stringify(auth.approver_id)}`}` : "none on record"}`,
    `verdict:       ${x.verdict ? `${x.verdict.outcome}${x.verdict.code === undefined ? "" : ` ${x.verdict.code} at layer ${x.verdict.layer}`}` : "none on record"}`,
    `outcome:       ${x.outcome}: ${x.why}`,
  ];
}

/** One pass over the chain: each requested call's records, in file order. */
async function readCalls(path: string, requestIds: readonly string[], anchor: string | undefined) {
  const records = new Map(requestIds.map((id) => [id, [] as { body: AuditBody; line: number }[]]));
  const onRecord = (body: AuditBody, line: number): void => {
    const id = (body.event as { request_id?: unknown }).request_id;
    if (typeof id === "string") records.get(id)?.push({ body, line });
  };
  await access(path);
  const report = await verifyAuditStream(createReadStream(path), { anchor, onRecord });
  return { report, records };
}

/** One call's explanation on stdout, or a finding when the verified part of the chain holds none of it. */
function explainOne(file: string, requestId: string, read: Awaited<ReturnType<typeof readCalls>>, options: AuditExplainCliOptions, io: Io): number {
  const { report } = read;
  const records = read.records.get(requestId) ?? [];
  if (records.length === 0) {
    io.stderr(formatFinding(file, { line: 0, message: `no verified record of request ${JSON.stringify(requestId)}` }, options.errorFormat));
    return EXIT.findings;
  }
  const explanation = explainCall(requestId, records);
  const status = verified(file, report, records.at(-1)!.line, options.anchor);
  if (options.errorFormat === "json") io.stdout(JSON.stringify({ file, verified: report.problem === undefined, ...explanation }));
  else io.stdout([report.problem ? `toolgate: ${file}: chain verified up to line ${report.problem.line - 1} only` : status, ...textOf(explanation)].join("\n"));
  return report.problem ? EXIT.findings : EXIT.ok;
}

/**
 * `toolgate audit explain`: verifies the chain while reading it (once, however many calls are
 * asked for), then rebuilds each call, in the order given: a text block or a JSON line per call.
 * A problem stops verification, so only records before it are explained, and the command exits 1.
 */
export async function runAuditExplain(path: string, requestIds: readonly string[], options: AuditExplainCliOptions, io: Io): Promise<number> {
  const usage = (text: string): number => (io.stderr(formatUsageError(`toolgate: ${text}`, options.errorFormat)), EXIT.usage);
  if (options.anchor !== undefined && !isAuditHash(options.anchor)) return usage(`${JSON.stringify(options.anchor)} is not a hash (64 lowercase hex digits)`);
  const malformed = requestIds.find((id) => !REQUEST_ID.test(id));
  if (malformed !== undefined) return usage(`${JSON.stringify(malformed)} is not a request id (1–256 printable characters, no spaces)`);
  let read: Awaited<ReturnType<typeof readCalls>>;
  try {
    read = await readCalls(path, requestIds, options.anchor);
  } catch (e) {
    return usage(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const file = toPosix(path);
  const { report } = read;
  const findings = report.problem ? [formatFinding(file, report.problem, options.errorFormat)] : crashFindings(report).map((f) => formatFinding(file, f, options.errorFormat, "warning"));
  for (const finding of findings) io.stderr(finding);
  const codes = requestIds.map((id) => explainOne(file, id, read, options, io));
  return Math.max(...codes);
}
