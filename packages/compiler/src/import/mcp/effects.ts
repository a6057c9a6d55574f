/**
 * MCP tool annotations → the spec's `effects` and `upstream.open_world`. They are the server's
 * hints, never guarantees, so the draft says where they came from and the author confirms them.
 */
export type Effects = "read_only" | "additive" | "destructive";

/** readOnlyHint wins (MCP ignores destructiveHint on a read-only tool); no hint, no effects. */
export function effectsOf(annotations: Readonly<Record<string, unknown>>): Effects | undefined {
  if (annotations.readOnlyHint === true) return "read_only";
  if (annotations.destructiveHint === true) return "destructive";
  if (annotations.destructiveHint === false) return "additive";
  return undefined;
}

export const openWorldOf = (annotations: Readonly<Record<string, unknown>>): boolean | undefined =>
  typeof annotations.openWorldHint === "boolean" ? annotations.openWorldHint : undefined;

/** The hints the draft's comment names, as `readOnlyHint: true`. */
export function hintsOf(annotations: Readonly<Record<string, unknown>>): string[] {
  return ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"].filter((hint) => typeof annotations[hint] === "boolean").map((hint) => `${hint}: ${String(annotations[hint])}`);
}
