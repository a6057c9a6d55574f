import { githubAnnotation } from "@toolgate/compiler";
import { isAuditHash, verifyAuditStream, type AuditProblem, type AuditReport } from "@toolgate/runtime/audit";
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";
import { formatUsageError } from "./usage.js";

export interface AuditVerifyCliOptions {
  readonly anchor: string | undefined;
  readonly heads: readonly string[];
  readonly errorFormat: "text" | "json" | "github";
}

type Severity = "error" | "warning";

/** One finding about the log, in the chosen format; line 0 is about the whole log. */
export function formatFinding(file: string, problem: AuditProblem, format: AuditVerifyCliOptions["errorFormat"], severity: Severity = "error"): string {
  const line = problem.line > 0 ? problem.line : undefined;
  if (format === "json") return JSON.stringify({ file, line: problem.line, severity, message: problem.message });
  if (format === "github") return githubAnnotation({ severity, file, line, message: problem.message });
  return `${line === undefined ? file : `${file}:${line}`}: ${severity}: ${problem.message}`;
}

/** What a crash leaves, which is not tampering: a torn last line, and intents without an outcome. */
export function crashFindings(report: AuditReport): AuditProblem[] {
  const torn = report.tornTail;
  const findings: AuditProblem[] = torn
    ? [{ line: torn.line, message: `torn tail: the last ${plural(torn.bytes, "byte")} are a record whose write was cut off (a crash, not tampering); the writer moves them to <file>.torn when it reopens the file` }]
    : [];
  for (const open of report.openCalls) {
    findings.push({ line: open.line, message: `open call: request ${JSON.stringify(open.request_id)} (${JSON.stringify(open.tool)}) recorded its intent for attempt ${open.attempt} and no outcome: it may have run` });
  }
  return findings;
}

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

function summary(file: string, report: AuditReport, options: AuditVerifyCliOptions): string {
  if (report.records === 0) return `toolgate: ${file}: no records`;
  const checked = [options.anchor ? "from the given anchor" : "", options.heads.length > 0 ? `${plural(options.heads.length, "published head")} found` : ""];
  const how = checked.filter(Boolean).join(", ");
  const records = `${plural(report.records, "record")} by ${JSON.stringify(report.writer)} (seq ${report.firstSeq}–${report.lastSeq})`;
  return `toolgate: ${file}: ${records}, chain intact${how ? ` ${how}` : ""}; head ${report.head}`;
}

/** `toolgate audit verify`: streams the log through the verifier; exit 1 names the first broken record. */
export async function runAuditVerify(path: string, options: AuditVerifyCliOptions, io: Io): Promise<number> {
  const badHash = [options.anchor, ...options.heads].find((h) => h !== undefined && !isAuditHash(h));
  if (badHash !== undefined) {
    io.stderr(formatUsageError(`toolgate: ${JSON.stringify(badHash)} is not a hash (64 lowercase hex digits)`, options.errorFormat));
    return EXIT.usage;
  }
  let report: AuditReport;
  try {
    await access(path);
    report = await verifyAuditStream(createReadStream(path), { anchor: options.anchor, heads: options.heads });
  } catch (e) {
    io.stderr(formatUsageError(`toolgate: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, options.errorFormat));
    return EXIT.usage;
  }
  const file = toPosix(path);
  if (report.problem !== undefined) {
    io.stderr(formatFinding(file, report.problem, options.errorFormat));
    io.stdout(`toolgate: ${file}: ${plural(report.records, "record")} verified before the problem`);
    return EXIT.findings;
  }
  io.stdout(summary(file, report, options));
  for (const finding of crashFindings(report)) io.stderr(formatFinding(file, finding, options.errorFormat, "warning"));
  if (report.dropped > 0) io.stderr(`toolgate: ${file}: warning: the writer lost ${plural(report.dropped, "event")} to failed writes (recorded in the chain)`);
  return EXIT.ok;
}
