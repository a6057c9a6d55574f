import { CATALOG, catalogError, isCatalogCode, type RetryClass } from "@toolgate/runtime";
import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { ErrorIR } from "../ir/types.js";
import type { RawSpec } from "./spec.js";

// Every adapter can produce these, whatever the spec declares.
const IMPLICIT = ["INTERNAL_FAILURE", "INVALID_INPUT", "INVALID_RESPONSE"];

// A catalog code marked "no" stays final even if the tool's class would allow it (OUTCOME_UNKNOWN).
const isRetryableCode = (code: string, entry: ErrorIR): boolean =>
  isCatalogCode(code) ? CATALOG[code].retry !== "no" : entry.retryable;

/** The tool's error table: implicit and declared catalog codes plus tool-specific ones, sorted by code. */
export function buildErrors(spec: RawSpec, retryClass: RetryClass, locate: (p: string) => SourceRange, sink: DiagnosticSink): ErrorIR[] {
  const table = new Map<string, ErrorIR>();
  const fromCatalog = (code: string, declared: boolean): void => {
    if (isCatalogCode(code)) table.set(code, { ...catalogError(code, retryClass), catalog: true, declared });
  };
  IMPLICIT.forEach((code) => fromCatalog(code, false));
  (spec.errors ?? []).forEach((item, i) => {
    const at = locate(`/errors/${i}`);
    if (typeof item === "string") {
      if (isCatalogCode(item)) fromCatalog(item, true);
      else sink.report(diagnostic("TG320", at, { code: quote(item) }));
    } else if (isCatalogCode(item.code)) {
      sink.report(diagnostic("TG322", at, { code: quote(item.code) }));
    } else {
      table.set(item.code, { ...item, catalog: false, declared: true });
    }
  });
  const errors = [...table.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  (spec.retry?.on ?? []).forEach((code, i) => {
    const entry = table.get(code);
    if (!entry) sink.report(diagnostic("TG321", locate(`/retry/on/${i}`), { code: quote(code) }));
    else if (!isRetryableCode(code, entry)) sink.report(diagnostic("TG323", locate(`/retry/on/${i}`), { code: quote(code) }));
  });
  return errors;
}
