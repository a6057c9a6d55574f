import { verifyAuditLog, type AuditProblem, type AuditReport } from "@toolgate/runtime/audit";
import { readFile } from "node:fs/promises";
import { toPosix } from "./files.js";
import { EXIT, type Io } from "./io.js";

export interface AuditVerifyCliOptions {
  readonly anchor: string | undefined;
  readonly heads: readonly string[];
  readonly errorFormat: "text" | "json" | "github";
}

const HEX64 = /^[0-9a-f]{64}$/;

function formatProblem(file: string, problem: AuditProblem, format: AuditVerifyCliOptions["errorFormat"]): string {
  const where = problem.line > 0 ? `${file}:${problem.line}` : file;
  if (format === "json") return JSON.stringify({ file, line: problem.line, severity: "error", message: problem.message });
  if (format === "github") return `::error file=${file}${problem.line > 0 ? `,line=${problem.line}` : ""}::${problem.message}`;
  return `${where}: error: ${problem.message}`;
}

function summary(file: string, report: AuditReport, options: AuditVerifyCliOptions): string {
  if (report.records === 0) return `toolgate: ${file}: no records`;
  const checked = [options.anchor ? "from the given anchor" : "", options.heads.length > 0 ? `${options.heads.length} published head(s) found` : ""].filter(Boolean);
  const records = `${report.records} record${report.records === 1 ? "" : "s"} by ${report.writer} (seq ${report.firstSeq}–${report.lastSeq})`;
  return `toolgate: ${file}: ${records}, chain intact${checked.length > 0 ? ` ${checked.join(", ")}` : ""}; head ${report.head}`;
}

/** `toolgate audit verify`: reads the log and checks its chain; exit 1 names the first broken record. */
export async function runAuditVerify(path: string, options: AuditVerifyCliOptions, io: Io): Promise<number> {
  const badHash = [options.anchor, ...options.heads].find((h) => h !== undefined && !HEX64.test(h));
  if (badHash !== undefined) {
    io.stderr(`toolgate: ${JSON.stringify(badHash)} is not a hash (64 lowercase hex digits)`);
    return EXIT.usage;
  }
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    io.stderr(`toolgate: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    return EXIT.usage;
  }
  const file = toPosix(path);
  const report = verifyAuditLog(text, { ...(options.anchor ? { anchor: options.anchor } : {}), heads: options.heads });
  if (report.problem === undefined) {
    io.stdout(summary(file, report, options));
    return EXIT.ok;
  }
  io.stderr(formatProblem(file, report.problem, options.errorFormat));
  io.stdout(`toolgate: ${file}: ${report.records} record(s) verified before the problem`);
  return EXIT.findings;
}
