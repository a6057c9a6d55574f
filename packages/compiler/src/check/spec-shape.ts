import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { specShapeSchema } from "@toolgate/spec";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import type { LoadedDocument } from "../load/document.js";
import { childPointer } from "../load/pointer.js";

let validateSpec: ValidateFunction | undefined;

function specValidator(): ValidateFunction {
  // The spec shape is ours and passes the draft-07 meta-schema (spec-shape.test.ts): validating it at
  // every start would compile that meta-schema too, a third of this validator's cost in a fresh process.
  validateSpec ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false }).compile(specShapeSchema);
  return validateSpec;
}

const where = (pointer: string): string => (pointer === "" ? "" : ` at ${pointer.slice(1).replace(/\//g, ".")}`);

/**
 * Checks a spec document against the published spec format; every finding points at its line.
 * Values at `undecided` pointers are TODO markers already reported (TG120): no type error is added.
 */
export function checkSpecShape(doc: LoadedDocument, sink: DiagnosticSink, undecided: readonly string[] = []): void {
  if (doc.value === null || typeof doc.value !== "object" || Array.isArray(doc.value)) {
    sink.report(diagnostic("TG103", doc.locate("")));
    return;
  }
  const validate = specValidator();
  if (validate(doc.value)) checkOneCheckKind(doc, sink);
  else relevantErrors(validate.errors ?? []).filter((e) => !undecided.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`))).forEach((e) => sink.report(toDiagnostic(doc, e)));
}

// `if` only says which branch failed; the branch's own errors are the useful ones.
function relevantErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (e.keyword === "if") return false;
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toDiagnostic(doc: LoadedDocument, e: ErrorObject): Diagnostic {
  if (e.keyword === "additionalProperties") {
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    return diagnostic("TG111", doc.locate(childPointer(e.instancePath, key)), { key: quote(key), where: where(e.instancePath) });
  }
  if (e.keyword === "required") {
    const key = String((e.params as { missingProperty: string }).missingProperty);
    return diagnostic("TG112", doc.locate(e.instancePath), { key: quote(key), where: where(e.instancePath) });
  }
  return diagnostic("TG113", doc.locate(e.instancePath), { where: where(e.instancePath), detail: e.message ?? e.keyword });
}

function checkOneCheckKind(doc: LoadedDocument, sink: DiagnosticSink): void {
  const checks = (doc.value as { checks?: readonly Record<string, unknown>[] }).checks ?? [];
  checks.forEach((check, i) => {
    const kinds = ["bind", "fresh", "hook"].filter((k) => Object.hasOwn(check, k));
    if (kinds.length === 1) return;
    const pointer = childPointer("/checks", i);
    sink.report(diagnostic("TG113", doc.locate(pointer), { where: where(pointer), detail: "a check needs exactly one of bind, fresh or hook" }));
  });
}
