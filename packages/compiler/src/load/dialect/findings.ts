import { diagnostic, quote, type Diagnostic, type SourceRange } from "../../diagnostics/diagnostic.js";
import type { Finding } from "./rules.js";

/** The catalog diagnostic for one finding of the dialect upgrade. */
export function findingDiagnostic(finding: Finding, where: SourceRange): Diagnostic {
  switch (finding.code) {
    case "TG230":
      return diagnostic("TG230", where, { uri: quote(finding.uri) });
    case "TG231":
      return diagnostic("TG231", where, { dialect: finding.dialect, change: finding.change });
    case "TG232":
      return diagnostic("TG232", where, { keyword: quote(finding.keyword), replacement: finding.replacement });
  }
}
