import { createHash } from "node:crypto";
import { dirname, join } from "node:path";

/**
 * A pin records each upstream MCP tool definition as it was imported, so a gate can refuse a tool
 * whose definition changed afterwards (a "rug pull"). The file is data the user checks in: sorted
 * keys, two-space indent, LF, no timestamps and no command line (it may hold absolute paths).
 */
export const PIN_VERSION = 1;
export const DEFAULT_PIN_FILE = "toolgate.mcp-pin.json";

/** Where a project's pin lives unless `--pin` says otherwise: beside its specs directory, for import and gate alike. */
export const defaultPinPath = (specsDir: string): string => join(dirname(specsDir), DEFAULT_PIN_FILE);

/** What `tools/list` returns for one tool; only `name` is required by MCP. */
export interface UpstreamTool {
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface PinnedTool {
  readonly sha256: string;
  /** The hashed definition itself, so a drift report can name the fields that changed. */
  readonly definition: Readonly<Record<string, unknown>>;
}

export interface PinFile {
  readonly pinVersion: typeof PIN_VERSION;
  readonly server: { readonly name: string; readonly version: string };
  readonly tools: Readonly<Record<string, PinnedTool>>;
}

export type ToolDrift =
  | { readonly name: string; readonly status: "same" }
  | { readonly name: string; readonly status: "changed"; readonly fields: readonly string[] }
  | { readonly name: string; readonly status: "missing" }
  | { readonly name: string; readonly status: "unpinned" };

/** JSON with object keys sorted at every depth and no whitespace: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The pinned part of a definition: everything but `_meta`, which servers use for volatile data. */
function pinnedDefinition(tool: UpstreamTool): Record<string, unknown> {
  const { _meta: _ignored, ...definition } = tool;
  return JSON.parse(canonicalJson(definition)) as Record<string, unknown>;
}

const definitionHash = (definition: Readonly<Record<string, unknown>>): string => createHash("sha256").update(canonicalJson(definition)).digest("hex");

export function pinTool(tool: UpstreamTool): PinnedTool {
  const definition = pinnedDefinition(tool);
  return { sha256: definitionHash(definition), definition };
}

export function pinFileOf(server: { name: string; version: string }, tools: readonly UpstreamTool[]): PinFile {
  const pinned = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((tool) => [tool.name, pinTool(tool)] as const);
  return { pinVersion: PIN_VERSION, server: { name: server.name, version: server.version }, tools: Object.fromEntries(pinned) };
}

export function renderPinFile(pin: PinFile): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(pin)), null, 2)}\n`;
}

/**
 * A hand-edited entry whose definition no longer hashes to its sha256 (or is pinned under another
 * name) would otherwise compare as "same" while showing a definition that was never pinned.
 */
function entryProblem(name: string, entry: PinnedTool): string | undefined {
  if (entry.definition.name !== name) return `tools.${name} holds the definition of ${JSON.stringify(String(entry.definition.name).slice(0, 64))}`;
  if (definitionHash(entry.definition) !== entry.sha256) return `tools.${name}: sha256 does not match its definition`;
  return undefined;
}

/** The pin file's text → the pin, or why it is not one (the gate refuses to start on the latter). */
export function parsePinFile(text: string): { pin: PinFile } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { problem: "expected an object" };
  const pin = value as Partial<PinFile>;
  if (pin.pinVersion !== PIN_VERSION) return { problem: `pinVersion must be ${PIN_VERSION}` };
  if (typeof pin.tools !== "object" || pin.tools === null || Array.isArray(pin.tools)) return { problem: "tools must be an object" };
  for (const [name, entry] of Object.entries(pin.tools)) {
    const ok = entry !== null && typeof entry === "object" && typeof entry.sha256 === "string" && typeof entry.definition === "object" && entry.definition !== null;
    if (!ok) return { problem: `tools.${name} needs sha256 and definition` };
    const problem = entryProblem(name, entry);
    if (problem !== undefined) return { problem };
  }
  const server = pin.server ?? { name: "", version: "" };
  return { pin: { pinVersion: PIN_VERSION, server, tools: pin.tools } };
}

/** Top-level fields whose values differ between the pinned and the current definition, sorted. */
function changedFields(pinned: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): string[] {
  const fields = new Set([...Object.keys(pinned), ...Object.keys(current)]);
  return [...fields].filter((field) => canonicalJson(pinned[field]) !== canonicalJson(current[field])).sort();
}

/** Every pinned and every listed tool, in name order, with whether its definition still matches the pin. */
export function comparePin(pin: PinFile, listed: readonly UpstreamTool[]): ToolDrift[] {
  const current = new Map(listed.map((tool) => [tool.name, pinTool(tool)]));
  const names = [...new Set([...Object.keys(pin.tools), ...current.keys()])].sort();
  return names.map((name): ToolDrift => {
    const pinned = Object.hasOwn(pin.tools, name) ? pin.tools[name] : undefined;
    const now = current.get(name);
    if (pinned === undefined) return { name, status: "unpinned" };
    if (now === undefined) return { name, status: "missing" };
    if (now.sha256 === pinned.sha256) return { name, status: "same" };
    return { name, status: "changed", fields: changedFields(pinned.definition, now.definition) };
  });
}
