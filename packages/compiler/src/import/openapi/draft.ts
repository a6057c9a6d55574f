import { formats } from "@toolgate/runtime";
import { OAS_FORMATS } from "../../load/dialect/openapi.js";
import type { Argument } from "./input.js";
import { isRecord } from "./source.js";
import type { Suggestions } from "./suggest.js";
import type { Document } from "yaml";
import { commentAbove, newDocument, print, shown } from "./yaml-out.js";
import { TODO } from "../../draft/todo.js";
import { schemaModeline } from "../../draft/modeline.js";

/** One operation drafted as a spec: what the import owns, plus what it suggests for the rest. */
export interface Draft {
  readonly tool: string;
  /** The operation as the user knows it (`showPetById`, `GET /pets`). */
  readonly label: string;
  readonly source: string;
  readonly description: string;
  readonly dialect: "openapi-3.0" | "openapi-3.1";
  readonly input: unknown;
  readonly args: readonly Argument[];
  readonly output: unknown;
  readonly errors: readonly string[];
  readonly upstream: { readonly kind: "http"; readonly method: string; readonly path: string; readonly operation: string };
  readonly suggestions: Suggestions;
  /** Formats the schemas use that the runtime does not assert. */
  readonly unknownFormats: readonly string[];
}

const MAX_DESCRIPTION = 2048;

/** The operation's summary and description, or a TODO saying why the spec cannot use them. */
export function describe(operation: Record<string, unknown>): string {
  const parts = [operation.summary, operation.description].filter((t): t is string => typeof t === "string" && t.trim() !== "").map((t) => t.trim());
  const text = [...new Set(parts)].join("\n\n");
  if (text === "") return "TODO: say what the tool does and what it starts or changes (the document gives no summary or description)";
  if (text.length > MAX_DESCRIPTION) return `TODO: the document's summary and description are ${text.length} characters; write one of at most ${MAX_DESCRIPTION}`;
  return text;
}

/** The keys a re-import rewrites; every other key is the author's. */
export function ownedValues(draft: Draft): [path: string[], value: unknown][] {
  const { kind, method, path, operation } = draft.upstream;
  return [
    [["dialect"], draft.dialect],
    [["input"], draft.input],
    [["output"], draft.output],
    [["errors"], draft.errors],
    [["upstream", "kind"], kind],
    [["upstream", "method"], method],
    [["upstream", "path"], path],
    [["upstream", "operation"], operation],
  ];
}

/** Every `format` value in some schemas that neither the runtime asserts nor the OpenAPI dialect reads. */
export function unknownFormats(schemas: readonly unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) {
      if (typeof value.format === "string" && !Object.hasOwn(formats, value.format) && !OAS_FORMATS.has(value.format)) found.add(value.format);
      Object.values(value).forEach(walk);
    }
  };
  schemas.forEach(walk);
  return [...found].sort();
}

const list = (items: readonly string[]): string => `[${items.map(shown).join(", ")}]`;

function checkComments(s: Suggestions): string[] {
  const lines = [
    ...s.binds.map((b) => (b.output === b.input ? `- bind: ${shown(b.output)}` : `- bind: { output: ${shown(b.output)}, input: ${shown(b.input)} }`) + "   # the response echoes this path parameter"),
    ...s.fresh.map((f) => `- fresh: { field: ${shown(f)}, max_age: 5m }   # a required date-time field`),
  ];
  return lines.length > 0 ? ["Candidates:", ...lines] : ["No candidate found: no path parameter is echoed in the response, no required date-time field."];
}

/** Says above each input property which parameter (or the body) it stands for; also on a re-imported `input`. */
export function commentArguments(doc: Document, draft: Draft): void {
  for (const arg of draft.args) commentAbove(doc, ["input", "properties", arg.property], [arg.in === "body" ? "the JSON request body" : `${arg.in} parameter ${shown(JSON.stringify(arg.name))}`]);
}

/** A new spec file for an operation: owned keys filled in, TODO markers with suggestions for the rest. */
export function newSpecText(draft: Draft, specsDir: string): string {
  const doc = newDocument(
    {
      tool: draft.tool,
      version: 1,
      description: draft.description,
      dialect: draft.dialect,
      ...(draft.unknownFormats.length > 0 ? { vocabulary: { unknown_formats: "annotate" } } : {}),
      input: draft.input,
      output: draft.output,
      agent_view: TODO.agent_view,
      errors: draft.errors,
      checks: TODO.checks,
      retry: TODO.retry,
      upstream: draft.upstream,
    },
    [` ${schemaModeline(specsDir)}`, ` Drafted by toolgate import openapi from ${shown(draft.source)}, operation ${shown(draft.label)}.`, " Re-importing rewrites dialect, input, output, errors and upstream; every other key is yours."].join("\n"),
  );
  commentArguments(doc, draft);
  commentAbove(doc, ["vocabulary"], [`The document uses formats toolgate does not assert: ${list(draft.unknownFormats)}. They are kept as annotations (warning TG251).`]);
  const view = draft.suggestions.view;
  // Quoted where YAML's flow syntax needs it (`"items[].id"`), so the line can be copied as the value.
  const paths = view.map((p) => (/[[\]{},#:]/.test(p) ? JSON.stringify(p) : p));
  commentAbove(doc, ["agent_view"], [view.length > 0 ? `Suggested: ${list(paths)}` : "No scalar top-level field to suggest: name sub-fields (a.b, items[].id)."]);
  commentAbove(doc, ["checks"], checkComments(draft.suggestions));
  commentAbove(doc, ["retry"], [`The method (${draft.upstream.method}) is no evidence: decide from what the operation does upstream.`]);
  return print(doc);
}
