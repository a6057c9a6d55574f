import { DIAGNOSTICS, type DiagnosticCode, type Severity } from "./catalog.js";
import { escapeText } from "./escape.js";

export interface SourceRange {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface Diagnostic extends SourceRange {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly hint: string;
}

/**
 * Builds a diagnostic from the catalog. Call sites quote parameters that name user text; every
 * parameter and the file name are escaped here, so no call site can let raw spec text through.
 */
export function diagnostic(code: DiagnosticCode, at: SourceRange, params: Record<string, string> = {}): Diagnostic {
  const def: (typeof DIAGNOSTICS)[DiagnosticCode] & { readonly hints?: Readonly<Record<string, string>> } = DIAGNOSTICS[code];
  const escaped = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, escapeText(value)]));
  return Object.freeze({
    code,
    severity: def.severity,
    message: (def.message as (p: Record<string, string>) => string)(escaped),
    hint: (params.key !== undefined && def.hints && Object.hasOwn(def.hints, params.key) ? def.hints[params.key] : undefined) ?? def.hint,
    file: escapeText(at.file),
    line: at.line,
    column: at.column,
  });
}

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === "error");

/** Stable order: file, line, column, code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
}

/** Quotes user text for a message: JSON-style and bounded (diagnostic() escapes what JSON leaves raw). */
export function quote(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown);
}
