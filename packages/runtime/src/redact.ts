/**
 * The one redaction policy for free-text fields (endpoint, path, host, command, message) before
 * they enter an event, an attempt record or the audit file. Placeholder with the agreed signature:
 * the policy itself (issue 16, "Redaction before anything is stored") replaces this file.
 */
export function redactFreeText(kind: "endpoint" | "path" | "host" | "command" | "message", value: string, ctx?: { readonly pathTemplate?: string }): string {
  void kind;
  void ctx;
  return value;
}
