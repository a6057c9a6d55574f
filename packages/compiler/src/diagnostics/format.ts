import type { Diagnostic } from "./diagnostic.js";

export type ErrorFormat = "text" | "json" | "github";

/** gcc/buf style: `file:line:col: error TG301: message (hint: …)` — editors and terminals linkify it. */
const text = (d: Diagnostic): string =>
  `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}\n  hint: ${d.hint}`;

// GitHub workflow commands need %, CR and LF escaped in the message and , : in properties.
const ghData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProp = (s: string): string => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

const github = (d: Diagnostic): string =>
  `::${d.severity} file=${ghProp(d.file)},line=${d.line},col=${d.column},title=${d.code}::${ghData(`${d.message} (${d.hint})`)}`;

export function formatDiagnostics(diagnostics: readonly Diagnostic[], format: ErrorFormat): string {
  if (format === "json") return JSON.stringify(diagnostics, null, 2);
  return diagnostics.map(format === "github" ? github : text).join("\n");
}
