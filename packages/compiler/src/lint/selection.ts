import { deepEqual } from "@toolgate/runtime";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { toolSchemas } from "../emit/definitions/tool-file.js";
import { canonicalJson, classesOf } from "./classes.js";
import { toolFindings } from "./description.js";
import { similarSets, type Similar } from "./similar.js";
import { SIMILARITY_THRESHOLD, tokens } from "./tokens.js";

/** `off` is compile()'s default (a library caller opts in); `toolgate gen` lints with `warning` unless told otherwise. */
export type LintSeverity = "off" | "warning" | "error";

/** A tool with more near-duplicates of one kind than this gets one summary finding (TG522–TG524) instead of one per pair. */
export const MAX_LISTED_PAIRS = 3;

type PairCode = "TG513" | "TG514" | "TG515";
const POINTER: Record<PairCode, string> = { TG513: "/tool", TG514: "/description", TG515: "/input" };
const SUMMARY = { TG513: "TG522", TG514: "TG523", TG515: "TG524" } as const;

/**
 * The tool-selection lint ("schema satisfied, wrong tool chosen"): over the whole tool set,
 * since no schema stops a model from picking the wrong tool. Each tool's description and name, then
 * every pair whose names (TG513) or descriptions (TG514) are near-duplicates, or whose input schemas
 * are identical (TG515), reported at both tools, with the severity asked for. Pairs are found through
 * classes of equal token sets and schemas and a token index, not by comparing every pair.
 */
export function lintToolSelection(tools: readonly ToolIR[], severity: LintSeverity, maxListed = MAX_LISTED_PAIRS): Diagnostic[] {
  if (severity === "off") return [];
  const findings = [...tools.flatMap(toolFindings), ...pairFindings(tools, maxListed)];
  return severity === "warning" ? findings : findings.map((d) => Object.freeze({ ...d, severity }));
}

function pairFindings(tools: readonly ToolIR[], maxListed: number): Diagnostic[] {
  const names = similarTools(tools.map((t) => tokens(t.tool.replace(/_/g, " "))));
  const descriptions = similarTools(tools.map((t) => tokens(t.description)));
  const inputs = identicalTools(tools.map((t) => toolSchemas(t).input.schema));
  const report = (i: number, code: PairCode, partners: readonly Similar[]): Diagnostic[] => reported(tools, i, code, partners, maxListed);
  return tools.flatMap((_, i) => [...report(i, "TG513", names[i]!), ...report(i, "TG514", descriptions[i]!), ...report(i, "TG515", inputs[i]!)]);
}

/** One finding per other tool, or past `maxListed` one summary naming the first few. */
function reported(tools: readonly ToolIR[], i: number, code: PairCode, partners: readonly Similar[], maxListed: number): Diagnostic[] {
  const self = tools[i]!;
  const at = locate(self, POINTER[code]);
  const shown = ({ other }: Similar): string => `${JSON.stringify(tools[other]!.tool)} (${tools[other]!.specPath})`;
  const similarity = (p: Similar): string => (code === "TG515" ? "" : p.similarity.toFixed(2));
  const tool = JSON.stringify(self.tool);
  if (partners.length <= maxListed) return partners.map((p) => diagnostic(code, at, { tool, other: shown(p), similarity: similarity(p) }));
  const listed = partners.slice(0, MAX_LISTED_PAIRS).map((p) => (code === "TG515" ? shown(p) : `${shown(p)} ${similarity(p)}`));
  return [diagnostic(SUMMARY[code], at, { tool, count: String(partners.length), others: listed.join(", ") })];
}

/** For each set, the other sets (by index, ascending) at least SIMILARITY_THRESHOLD alike. */
function similarTools(sets: readonly ReadonlySet<string>[]): Similar[][] {
  // Tokens are [a-z0-9]+: joined by a space, equal texts are equal sets.
  const classes = classesOf(sets, (s) => [...s].sort().join(" "), () => true);
  return partnersOf(sets.length, classes, similarSets(classes.map((members) => sets[members[0]!]!), SIMILARITY_THRESHOLD));
}

/** For each schema, the others (by index, ascending) deepEqual to it. */
function identicalTools(schemas: readonly unknown[]): Similar[][] {
  const classes = classesOf(schemas, canonicalJson, deepEqual);
  return partnersOf(schemas.length, classes, classes.map((_, k) => [{ other: k, similarity: 1 }]));
}

/** Expands class-level similarity to items: each item's partners are the members of every class similar to its own, but itself. */
function partnersOf(count: number, classes: readonly number[][], similar: readonly Similar[][]): Similar[][] {
  const byClass = similar.map((list) => list.flatMap(({ other, similarity }) => classes[other]!.map((i) => ({ other: i, similarity }))).sort((a, b) => a.other - b.other));
  const out: Similar[][] = new Array(count);
  classes.forEach((members, k) => members.forEach((i) => (out[i] = byClass[k]!.filter((p) => p.other !== i))));
  return out;
}
