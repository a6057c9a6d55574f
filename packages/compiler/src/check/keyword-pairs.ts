import { diagnostic, quote, type SourceRange } from "../diagnostics/diagnostic.js";
import type { DiagnosticSink } from "../diagnostics/sink.js";
import { childPointer } from "../load/pointer.js";
import type { SchemaObject } from "../schema/walk.js";

type Locate = (pointer: string) => SourceRange;

/** Keywords that do nothing without a partner in the same schema: a likely mistake (TG219). */
const NEEDS: readonly [keyword: string, partners: readonly string[]][] = [
  ["then", ["if"]],
  ["else", ["if"]],
  ["if", ["then", "else"]],
  ["minContains", ["contains"]],
  ["maxContains", ["contains"]],
];

/** Lower and upper bounds that leave no value when crossed (TG220). */
const BOUNDS: readonly [lower: string, upper: string][] = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
  ["minContains", "maxContains"],
];

/** Rules on keywords that only make sense together (or leave nothing to pass or nothing to check), each reported at the keyword. */
export function checkKeywordPairs(node: SchemaObject, at: string, locate: Locate, sink: DiagnosticSink): void {
  for (const [keyword, partners] of NEEDS) {
    if (keyword in node && !partners.some((p) => p in node)) {
      sink.report(diagnostic("TG219", locate(childPointer(at, keyword)), { keyword: quote(keyword), partners: partners.map((p) => quote(p)).join(" or ") }));
    }
  }
  if (Array.isArray(node.enum) && node.enum.length === 0) sink.report(diagnostic("TG221", locate(childPointer(at, "enum"))));
  if (node.minContains === 0 && "contains" in node && !("maxContains" in node)) sink.report(diagnostic("TG222", locate(childPointer(at, "minContains"))));
  for (const [lower, upper] of BOUNDS) {
    const low = node[lower];
    const high = node[upper];
    if (typeof low === "number" && typeof high === "number" && low > high) {
      sink.report(diagnostic("TG220", locate(childPointer(at, lower)), { lower: quote(lower), upper: quote(upper), low: String(low), high: String(high) }));
    }
  }
}
