import type { Diagnostic } from "./diagnostic.js";

export type ErrorFormat = "text" | "json" | "github";

/** gcc/buf style: `file:line:col: error TG301: message (hint: …)` — editors and terminals linkify it. */
const text = (d: Diagnostic): string =>
  `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}\n  hint: ${d.hint}`;

// GitHub workflow commands need %, CR and LF escaped in the message and , : in properties.
const ghData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProp = (s: string): string => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export interface GithubAnnotation {
  readonly severity: "error" | "warning" | "notice";
  /** Omitted for a finding about no file (a usage error). */
  readonly file?: string | undefined;
  /** Omitted for a finding about the whole file. */
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly title?: string | undefined;
  readonly message: string;
}

/** One GitHub workflow command (`::error file=…,line=…::message`), every part escaped. */
export function githubAnnotation(a: GithubAnnotation): string {
  const props = a.file === undefined ? [] : [`file=${ghProp(a.file)}`];
  if (a.line !== undefined) props.push(`line=${a.line}`);
  if (a.column !== undefined) props.push(`col=${a.column}`);
  if (a.title !== undefined) props.push(`title=${ghProp(a.title)}`);
  return `::${a.severity}${props.length > 0 ? ` ${props.join(",")}` : ""}::${ghData(a.message)}`;
}

const github = (d: Diagnostic): string =>
  githubAnnotation({ severity: d.severity === "info" ? "notice" : d.severity, file: d.file, line: d.line, column: d.column, title: d.code, message: `${d.message} (${d.hint})` });

export function formatDiagnostics(diagnostics: readonly Diagnostic[], format: ErrorFormat): string {
  if (format === "json") return JSON.stringify(diagnostics, null, 2);
  return diagnostics.map(format === "github" ? github : text).join("\n");
}
