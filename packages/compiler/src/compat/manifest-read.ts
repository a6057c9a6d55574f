import { diagnostic, quote, type Diagnostic } from "../diagnostics/diagnostic.js";
import { MANIFEST_FORMAT, type ManifestTool, type ToolContract } from "./contract.js";

/** What the gate can read of the last manifest: its tools, and what it could not read (TG655–TG657). */
export interface PreviousManifest {
  readonly tools: Map<string, ManifestTool>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Format 1 recorded shapes only (compared by version); format 2 full contracts. */
const READABLE_FORMATS = [1, MANIFEST_FORMAT];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const everyItem = (v: unknown, keys: readonly string[]): boolean => Array.isArray(v) && v.every((x) => isObject(x) && keys.every((k) => typeof x[k] === "string"));
const OBJECTS = ["definition", "input", "output", "agent_view", "limits", "retry", "upstream"];

/** A recorded contract the classifier can read. */
function isContract(value: unknown): value is ToolContract {
  if (!isObject(value) || !OBJECTS.every((k) => isObject(value[k]))) return false;
  const { limits, retry } = value as { limits: Record<string, unknown>; retry: Record<string, unknown> };
  const numbers = typeof limits.max_bytes === "number" && typeof limits.max_depth === "number" && typeof retry.class === "string";
  return numbers && everyItem(value.errors, ["code", "action"]) && everyItem(value.checks, ["id", "kind"]) && (value.definitions === undefined || isDefinitions(value.definitions));
}

/** Rendered definitions as the classifier reads them: each target's entry, and MCP's annotations of booleans. */
function isDefinitions(value: unknown): boolean {
  if (!isObject(value) || !["mcp", "openai", "anthropic", "gemini"].every((t) => isObject(value[t]))) return false;
  const annotations = (value.mcp as Record<string, unknown>).annotations;
  return isObject(annotations) && Object.values(annotations).every((v) => typeof v === "boolean");
}

const isEntry = (v: unknown): v is Record<string, unknown> & { tool: string; version: number } =>
  isObject(v) && typeof v.tool === "string" && typeof v.version === "number";

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    return e instanceof SyntaxError ? e : undefined;
  }
}

/**
 * Reads the manifest the last `gen` wrote (`file` names it in diagnostics). Nothing to compare is an
 * error when the text is there but unreadable or of a format this toolgate does not know: the gate
 * must not pass by default. A single entry whose contract is unreadable is compared by version (warning).
 */
export function readPreviousManifest(text: string | undefined, file: string): PreviousManifest {
  const at = { file, line: 1, column: 1 };
  const none = (d: Diagnostic): PreviousManifest => ({ tools: new Map(), diagnostics: [d] });
  if (text === undefined) return { tools: new Map(), diagnostics: [] };
  const parsed = parse(text);
  if (parsed instanceof SyntaxError) return none(diagnostic("TG655", at, { file: quote(file), detail: `it is not JSON (${parsed.message})` }));
  if (!isObject(parsed) || !Array.isArray(parsed.tools) || !parsed.tools.every(isEntry)) {
    return none(diagnostic("TG655", at, { file: quote(file), detail: "it is not a toolgate manifest (an object whose tools list entries with tool and version)" }));
  }
  if (!READABLE_FORMATS.includes(parsed.format as number)) {
    return none(diagnostic("TG656", at, { file: quote(file), format: JSON.stringify(parsed.format ?? null), known: READABLE_FORMATS.join(", ") }));
  }
  const diagnostics: Diagnostic[] = [];
  const tools = parsed.tools.map((t): ManifestTool => {
    const { contract } = t;
    // Where a removed tool is reported: its spec, else the manifest itself.
    const entry = { tool: t.tool, version: t.version, spec: typeof t.spec === "string" ? t.spec : file, spec_hash: typeof t.spec_hash === "string" ? t.spec_hash : "" };
    if (parsed.format === MANIFEST_FORMAT && isContract(contract)) return { ...entry, contract };
    if (parsed.format === MANIFEST_FORMAT) diagnostics.push(diagnostic("TG657", at, { file: quote(file), tool: quote(t.tool) }));
    return entry;
  });
  return { tools: new Map(tools.map((t) => [t.tool, t])), diagnostics };
}
