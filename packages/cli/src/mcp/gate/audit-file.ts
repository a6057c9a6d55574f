import { newAuditAnchor, openAuditFile, type AuditLog } from "@toolgate/runtime/audit";
import type { Operator } from "./operator.js";

/** The writer named in every record: `toolgate audit verify` reports it, and a file holds one writer's chain. */
export const GATE_AUDIT_WRITER = "toolgate-mcp-gate";

export type GateAudit = AuditLog & { readonly close: () => void };

/** An fs error by its code (EACCES, EISDIR); the audit writer's own errors say what is wrong with the file. */
const reasonOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
};

/**
 * `--audit <file>`: a new chain from a fresh anchor, or the file's own chain continued. The operator
 * hears where the chain stands when it opens and when it closes: the heads to publish elsewhere.
 */
export function openGateAudit(file: string, operator: Operator): { readonly audit: GateAudit } | { readonly problem: string } {
  let audit: GateAudit;
  try {
    audit = openAuditFile(file, { writer: GATE_AUDIT_WRITER, anchor: newAuditAnchor(), onError: (error) => operator.gate("audit_write_failed", { reason: reasonOf(error) }) });
  } catch (error) {
    return { problem: reasonOf(error) };
  }
  const { seq, hash } = audit.head();
  operator.gate("audit_opened", { seq, head: hash });
  const close = (): void => {
    audit.close();
    operator.gate("audit_closed", { seq: audit.head().seq, head: audit.head().hash });
  };
  return { audit: { ...audit, close } };
}
