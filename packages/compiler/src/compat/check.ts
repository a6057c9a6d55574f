import { diagnostic, quote, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolIR } from "../ir/types.js";
import { locate } from "../ir/locate.js";
import type { Change } from "./changes.js";
import { classifyTool } from "./classify.js";
import { contractOf, MANIFEST_FORMAT, type ManifestTool, type ToolContract } from "./contract.js";

/** The tools recorded by the last `gen`, or none when there is no readable manifest. */
function previousTools(manifest: string | undefined): Map<string, ManifestTool> {
  try {
    const parsed = JSON.parse(manifest ?? "{}") as { format?: number; tools?: ManifestTool[] };
    // A format-1 manifest recorded shapes, not contracts: compare its versions only.
    const tools = (parsed.tools ?? []).map((t): ManifestTool => {
      const { contract, ...entry } = t;
      return parsed.format === MANIFEST_FORMAT && isContract(contract) ? { ...entry, contract } : entry;
    });
    return new Map(tools.map((t) => [t.tool, t]));
  } catch {
    return new Map();
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const everyItem = (v: unknown, keys: readonly string[]): boolean => Array.isArray(v) && v.every((x) => isObject(x) && keys.every((k) => typeof x[k] === "string"));
const OBJECTS = ["definition", "input", "output", "agent_view", "limits", "retry", "upstream"];

/** A recorded contract the classifier can read; a hand-edited one that is not is compared by version only. */
function isContract(value: unknown): value is ToolContract {
  if (!isObject(value) || !OBJECTS.every((k) => isObject(value[k]))) return false;
  const { limits, retry } = value as { limits: Record<string, unknown>; retry: Record<string, unknown> };
  const numbers = typeof limits.max_bytes === "number" && typeof limits.max_depth === "number" && typeof retry.class === "string";
  return numbers && everyItem(value.errors, ["code", "action"]) && everyItem(value.checks, ["id", "kind"]);
}

const MAX_LISTED = 5;

/** TG601's detail: the breaking changes, each with its code, the first few in full. */
function summary(breaking: readonly Change[]): string {
  const listed = breaking.slice(0, MAX_LISTED).map((c) => `${c.message} (${c.code})`);
  const more = breaking.length > MAX_LISTED ? `; and ${breaking.length - MAX_LISTED} more` : "";
  return `${listed.join("; ")}${more}`;
}

/** Every classified change of one tool (info, at the change), and TG601 at the version line when a breaking one is not covered by a bump. */
function toolDiagnostics(tool: ToolIR, before: ManifestTool): Diagnostic[] {
  const at = locate(tool, "/version");
  if (tool.version < before.version) return [diagnostic("TG602", at, { tool: tool.tool, from: String(before.version), to: String(tool.version) })];
  if (!before.contract) return [];
  const changes = classifyTool(before.contract, contractOf(tool));
  const out = changes.map((c) => diagnostic(c.code, locate(tool, c.path), { detail: c.message }));
  const breaking = changes.filter((c) => c.breaking);
  if (tool.version === before.version && breaking.length > 0) out.push(diagnostic("TG601", at, { tool: tool.tool, version: String(tool.version), detail: summary(breaking) }));
  return out;
}

/**
 * The breaking-change gate (README, "The breaking-change gate"): compares each tool with the
 * contract the last manifest recorded. Each change is reported with its code; a breaking change
 * made under the same version is TG601, a version that goes down TG602, a removed tool TG603.
 */
export function checkCompatibility(tools: readonly ToolIR[], manifest: string | undefined): Diagnostic[] {
  const previous = previousTools(manifest);
  const names = new Set(tools.map((t) => t.tool));
  const removed = [...previous.values()]
    .filter((p) => !names.has(p.tool))
    .map((p) => diagnostic("TG603", { file: p.spec, line: 1, column: 1 }, { detail: `${quote(p.tool)} (version ${p.version}) is no longer among the specs` }));
  const added = previous.size === 0 ? [] : tools.filter((t) => !previous.has(t.tool)).map((t) => diagnostic("TG604", locate(t, "/tool"), { detail: quote(t.tool) }));
  return [...removed, ...added, ...tools.flatMap((tool) => (previous.has(tool.tool) ? toolDiagnostics(tool, previous.get(tool.tool)!) : []))];
}
