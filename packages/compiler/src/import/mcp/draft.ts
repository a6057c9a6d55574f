import type { Document } from "yaml";
import { schemaModeline } from "../../draft/modeline.js";
import { viewCandidates } from "../../draft/suggestions.js";
import type { InferredSchema } from "../../draft/infer.js";
import { TODO } from "../../draft/todo.js";
import { escapeText } from "../../diagnostics/escape.js";
import { describe, unknownFormats } from "../openapi/draft.js";
import { isRecord } from "../openapi/source.js";
import { commentAbove, newDocument, print, shown } from "../openapi/yaml-out.js";
import { effectsOf, hintsOf, openWorldOf } from "./effects.js";
import type { ListedTool } from "./tool.js";

/** The server as its `initialize` answer names it (untrusted text, shown escaped). */
export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

/**
 * The server's description as the author's starting text, or a TODO when it cannot be: none, too
 * long (describe()), or holding control or bidi characters that would hide text from the reviewer.
 */
export function descriptionOf(tool: ListedTool): string {
  const plain = (tool.description ?? "").replace(/[\n\t]/g, "");
  if (plain.trim() === "") return "TODO: say what the tool does and what it starts or changes (the server gives no description)";
  if (escapeText(plain) !== plain) return "TODO: the server's description holds control or bidi characters (shown escaped above); write the tool's description";
  return describe({ description: tool.description });
}

/** What a tool without an outputSchema gets: any object, until the author declares the result. */
const PLACEHOLDER_OUTPUT = { type: "object", additionalProperties: true } as const;

/** The output schema with every `properties` value that is not a schema object left out: what the view suggestion may walk. */
function suggestible(schema: unknown, depth = 0): InferredSchema {
  if (!isRecord(schema) || depth > 4) return {};
  const properties = isRecord(schema.properties) ? Object.entries(schema.properties).filter(([, v]) => isRecord(v)) : [];
  return { ...schema, properties: Object.fromEntries(properties.map(([k, v]) => [k, suggestible(v, depth + 1)])) };
}

const list = (items: readonly string[]): string => `[${items.map(shown).join(", ")}]`;

/** The spec as data, in the order people read it; only the keys the tool gives are present. */
function specValue(tool: ListedTool): Record<string, unknown> {
  const schemas = [tool.input, tool.output];
  const effects = effectsOf(tool.annotations);
  const openWorld = openWorldOf(tool.annotations);
  return {
    tool: tool.name,
    version: 1,
    description: descriptionOf(tool),
    ...(unknownFormats(schemas).length > 0 ? { vocabulary: { unknown_formats: "annotate" } } : {}),
    input: tool.input,
    output: tool.output ?? PLACEHOLDER_OUTPUT,
    agent_view: TODO.agent_view,
    checks: TODO.checks,
    ...(effects === undefined ? {} : { effects }),
    retry: TODO.retry,
    upstream: { kind: "other", operation: tool.name, ...(openWorld === undefined ? {} : { open_world: openWorld }) },
  };
}

function comment(doc: Document, tool: ListedTool): void {
  const formats = unknownFormats([tool.input, tool.output]);
  const escaped = descriptionOf(tool).startsWith("TODO: the server's description holds") ? [`The server's description, escaped: ${shown(tool.description ?? "")}`] : [];
  commentAbove(doc, ["description"], ["The server's own description, untrusted: agents see only what this key says, so review it (instructions aimed at a model do not belong here).", ...escaped]);
  commentAbove(doc, ["vocabulary"], [`The schemas use formats toolgate does not assert: ${list(formats)}. They are kept as annotations (warning TG251).`]);
  commentAbove(doc, ["output"], tool.output === undefined ? ["TODO: the server declares no outputSchema. This placeholder accepts any object: declare the result's schema (what structuredContent, or the text block's JSON, holds)."] : []);
  const view = tool.output === undefined ? [] : viewCandidates(suggestible(tool.output));
  commentAbove(doc, ["agent_view"], [view.length > 0 ? `Suggested: ${list(view)}` : "No required scalar field to suggest: name the fields the agent needs (a.b, items[].id)."]);
  commentAbove(doc, ["effects"], [`From the server's annotations (${hintsOf(tool.annotations).join(", ")}): hints, not evidence; confirm what a call changes.`]);
  const idempotent = tool.annotations.idempotentHint === true ? " The server says idempotentHint: true, a hint only." : "";
  commentAbove(doc, ["retry"], [`safe: only reads; idempotent: repeating it does what doing it once does; unsafe: anything else.${idempotent}`]);
}

/** A new spec file for one upstream tool: owned keys filled in, TODO markers with suggestions for the rest. */
export function mcpSpecText(tool: ListedTool, server: ServerInfo, specsDir: string): string {
  const header = [` ${schemaModeline(specsDir)}`, ` Drafted by toolgate import mcp from server ${shown(JSON.stringify(server.name))} ${shown(JSON.stringify(server.version))}, tool ${tool.name}.`, " The pin file records the definition as imported; toolgate mcp-gate withholds the tool if it drifts."].join("\n");
  const doc = newDocument(specValue(tool), header);
  comment(doc, tool);
  return print(doc);
}
