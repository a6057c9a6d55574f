export { createAuditLog, newAuditAnchor } from "./log.js";
export type { AuditLog, AuditLogOptions } from "./log.js";
export { openAuditFile } from "./file.js";
export type { AuditFileOptions } from "./file.js";
export { AUDIT_FORMAT, isHash as isAuditHash } from "./record.js";
export type { AuditBody, AuditHead } from "./record.js";
export { AuditVerifier, verifyAuditLog, verifyAuditStream } from "./verify.js";
export type { AuditProblem, AuditReport, AuditVerifyOptions } from "./verify.js";
