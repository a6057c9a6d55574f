import { diagnostic, quote, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import { change, type Change } from "./changes.js";
import { findRenames, type Rename } from "./renames.js";
import { classifyTool } from "./classify.js";
import { contractOf, type ManifestTool } from "./contract.js";
import { readPreviousManifest } from "./manifest-read.js";

const MAX_LISTED = 5;

/** TG601's detail: the breaking changes, each with its code, the first few in full. */
function summary(breaking: readonly Change[]): string {
  const listed = breaking.slice(0, MAX_LISTED).map((c) => `${c.message} (${c.code})`);
  const more = breaking.length > MAX_LISTED ? `; and ${breaking.length - MAX_LISTED} more` : "";
  return `${listed.join("; ")}${more}`;
}

/** Every classified change of one tool (info, at the change), and TG601 at the version line when a breaking one is not covered by a bump. */
function toolDiagnostics(tool: ToolIR, before: ManifestTool, renamed: readonly Change[] = []): Diagnostic[] {
  const at = locate(tool, "/version");
  if (tool.version < before.version) return [diagnostic("TG602", at, { tool: tool.tool, from: String(before.version), to: String(tool.version) })];
  const changes = [...renamed, ...(before.contract ? classifyTool(before.contract, contractOf(tool)) : [])];
  const out = changes.map((c) => diagnostic(c.code, locate(tool, c.path), { detail: c.message }));
  const breaking = changes.filter((c) => c.breaking);
  if (tool.version === before.version && breaking.length > 0) out.push(diagnostic("TG601", at, { tool: tool.tool, version: String(tool.version), detail: summary(breaking) }));
  return out;
}

/** A renamed tool: one breaking change naming both names, then its contract compared with the old one's. */
function renameDiagnostics({ before, after }: Rename): Diagnostic[] {
  const how = before.spec === after.specPath ? `in the same spec file ${before.spec}` : "calling the same upstream operation";
  const renamed = change("TG658", "/tool", `${quote(before.tool)} → ${quote(after.tool)} ${how} (agents calling ${quote(before.tool)} find no tool)`);
  return toolDiagnostics(after, before, [renamed]);
}

/**
 * The breaking-change gate (README, "The breaking-change gate"): compares each tool with the
 * contract the last manifest recorded. Each change is reported with its code; a breaking change
 * made under the same version is TG601, a version that goes down TG602, a removed tool TG603, a
 * renamed one (same spec file or upstream operation) TG658.
 */
export function checkCompatibility(tools: readonly ToolIR[], manifest: string | undefined, manifestFile = "toolgate.manifest.json"): Diagnostic[] {
  const read = readPreviousManifest(manifest, manifestFile);
  const previous = read.tools;
  const names = new Set(tools.map((t) => t.tool));
  const gone = [...previous.values()].filter((p) => !names.has(p.tool));
  const renames = findRenames(gone, previous.size === 0 ? [] : tools.filter((t) => !previous.has(t.tool)));
  const paired = new Set<unknown>(renames.flatMap((r) => [r.before, r.after]));
  const removed = gone
    .filter((p) => !paired.has(p))
    .map((p) => diagnostic("TG603", { file: p.spec, line: 1, column: 1 }, { detail: `${quote(p.tool)} (version ${p.version}) is no longer among the specs` }));
  const added = previous.size === 0 ? [] : tools.filter((t) => !previous.has(t.tool) && !paired.has(t)).map((t) => diagnostic("TG604", locate(t, "/tool"), { detail: quote(t.tool) }));
  const kept = tools.flatMap((tool) => (previous.has(tool.tool) ? toolDiagnostics(tool, previous.get(tool.tool)!) : []));
  return [...read.diagnostics, ...removed, ...added, ...renames.flatMap(renameDiagnostics), ...kept];
}
