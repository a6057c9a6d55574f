export { main } from "./main.js";
export { runGen, type GenOptions } from "./gen.js";
export { EXIT, type Io } from "./io.js";
export { runAuditVerify, type AuditVerifyCliOptions } from "./audit.js";
