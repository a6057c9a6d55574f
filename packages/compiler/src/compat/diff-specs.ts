import { frontEnd, type CompileInput } from "../compile.js";
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import { DiagnosticCollector } from "../diagnostics/sink.js";
import { checkCompatibility } from "./check.js";
import { manifestText } from "./contract.js";

type Specs = Pick<CompileInput, "files" | "specs" | "ignoredKeywords">;

export interface ContractDiff {
  /** The old specs' errors: when there are any, nothing was compared. */
  readonly before: readonly Diagnostic[];
  /** The new specs' errors, then every classified change, TG601, TG602 and TG603 (sorted). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * `toolgate diff`: the gate `gen` runs against the last manifest, run against another set of specs
 * (a git ref's, another directory's). Only the front end runs, so no hooks module is type-checked.
 */
export async function diffContracts(before: Specs, after: Specs): Promise<ContractDiff> {
  const old = new DiagnosticCollector();
  const oldTools = await frontEnd(before, old);
  if (old.hasErrors()) return { before: sortDiagnostics(old.diagnostics.filter((d) => d.severity === "error")), diagnostics: [] };
  const sink = new DiagnosticCollector();
  const tools = await frontEnd(after, sink);
  const errors = sink.diagnostics.filter((d) => d.severity === "error");
  return { before: [], diagnostics: sortDiagnostics([...errors, ...(errors.length > 0 ? [] : checkCompatibility(tools, manifestText(oldTools)))]) };
}
