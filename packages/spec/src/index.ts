import { createRequire } from "node:module";

/**
 * The published JSON Schema (draft-07, for editors) of the tool-contract format. Payload schemas are
 * typed with the JSON Schema vocabulary toolgate reads, closed (a misspelt `maxLenght` is flagged), and
 * agent_view entries as paths; those parts are `allOf` members marked `$comment: "editor only: …"`.
 */
export const toolSpecSchema: Readonly<Record<string, unknown>> = createRequire(import.meta.url)(
  "../toolspec.schema.json",
);

/** An `allOf` member only editors apply: the compiler checks what it describes itself, with its own diagnostics. */
export const isEditorOnly = (node: unknown): boolean =>
  typeof node === "object" && node !== null && String((node as { $comment?: unknown }).$comment).startsWith("editor only:");

function withoutEditorOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEditorOnly);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const kept = key === "allOf" && Array.isArray(value) ? value.filter((member) => !isEditorOnly(member)) : value;
    if (!(key === "allOf" && Array.isArray(kept) && kept.length === 0)) out[key] = withoutEditorOnly(kept);
  }
  return out;
}

/**
 * The spec format as the compiler checks a spec's shape: without the editor-only parts, so a payload
 * schema or an agent_view path gets the compiler's own diagnostic (TG2xx, TG3xx), dialects included.
 */
export const specShapeSchema = withoutEditorOnly(toolSpecSchema) as Readonly<Record<string, unknown>>;
